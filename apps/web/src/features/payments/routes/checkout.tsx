import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useLocation, useSearchParams } from 'react-router';
import { DEFAULT_QUANTITY } from '@marketplace/shared/constants';
import { formatKobo, formatNaira, nairaToKobo } from '@marketplace/shared/money';
import type { CheckoutQuote } from '@marketplace/shared/schemas/payments';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError } from '../../../lib/api-client';
import { isCheckoutState, type CartEntry } from '../../../lib/cart';
import { errorText, translateMessage } from '../../../lib/server-message';
import { useSession } from '../../../lib/session';
import { useCheckoutQuote } from '../api/get-checkout-quote';
import { useDeliveryQuotes } from '../api/get-delivery-quotes';
import { useInitializeTransaction } from '../api/initialize-transaction';
import { DeliveryChoice, type DeliveryMethod } from '../components/delivery-choice';
import { DeliveryDetails } from '../components/delivery-details';
import { goToPaymentPage } from '../lib/go-to-payment-page';
import '../../../styles/forms.scss';
import '../payments.scss';
import { useSiteConfig } from '../../../lib/site-config';

type ItemSummaryProps = { title: string; picture: string | null; price: number; sellerName?: string };

function ItemSummary({ title, picture, price, sellerName }: ItemSummaryProps) {
  const { t } = useTranslation();
  return (
    <div className="d-flex gap-3 align-items-start mb-3">
      {picture ? (
        <img src={picture} alt="" className="checkout-picture" width={96} height={96} />
      ) : (
        <span className="checkout-picture" aria-hidden="true" />
      )}
      <div className="min-w-0">
        <h2 className="h5 mb-1">{title}</h2>
        <p className="mb-1 fw-bold">{formatNaira(price)}</p>
        {sellerName && (
          <p className="mb-0 small text-body-secondary">
            {t('payments.checkout.soldBy', { username: sellerName })}
          </p>
        )}
      </div>
    </div>
  );
}

// spec §5: quantity at least 1, and at most what is available (a used item has one unit).
function quantityProblem(quantity: number, maxQuantity: number): string | null {
  if (!Number.isInteger(quantity) || quantity < 1) return 'QUANTITY_INVALID';
  if (quantity > maxQuantity) return 'QUANTITY_NOT_AVAILABLE';
  return null;
}

function CheckoutForm({ quote }: { quote: CheckoutQuote }) {
  const siteConfig = useSiteConfig();
  const { t } = useTranslation();
  const { user } = useSession();
  const [quantityText, setQuantityText] = useState(String(Math.min(DEFAULT_QUANTITY, quote.maxQuantity)));
  const [isLeaving, setIsLeaving] = useState(false);
  const initialize = useInitializeTransaction();
  const deliveryQuotes = useDeliveryQuotes();
  const [method, setMethod] = useState<DeliveryMethod>('pickup');
  const [chosenId, setChosenId] = useState<string | null>(null);
  const quantity = Number(quantityText);
  const problem = quote.maxQuantity > 0 ? quantityProblem(quantity, quote.maxQuantity) : null;
  const chosen =
    method === 'courier' ? (deliveryQuotes.data?.find((rate) => rate.id === chosenId) ?? null) : null;
  const deliveryFee = chosen?.deliveryFee ?? 0;
  const isCourierPending = method === 'courier' && chosen === null;
  // The item's price for this buyer: their accepted offer's agreed price, else the listed one (decision 061).
  const itemPrice = quote.agreedOffer?.amount ?? quote.product.price;
  // What the buyer will pay, as the server computes it: price × quantity plus the chosen delivery, in kobo.
  const amount = problem || isCourierPending ? null : nairaToKobo(itemPrice) * quantity + deliveryFee;
  const canPay = quote.blockedBy === null && quote.maxQuantity > 0;

  function fetchRates() {
    setChosenId(null);
    deliveryQuotes.mutate(quote.product.id, { onSuccess: (rates) => setChosenId(rates[0]?.id ?? null) });
  }

  function onMethodChange(next: DeliveryMethod) {
    setMethod(next);
    if (next === 'courier' && !deliveryQuotes.data && !deliveryQuotes.isPending) fetchRates();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canPay || problem || amount === null) return;
    // spec §7's body. Note: only product_id, quantity and the amount's check count; the server decides
    // the rest from the stored product, the seller and the token.
    initialize.mutate(
      {
        email: quote.buyer.email,
        amount,
        subaccount: null,
        transaction_charge: null,
        product_id: quote.product.id,
        quantity,
        product_amount: amount,
        seller_id: quote.seller.id,
        user_id: user?.id ?? null,
        // Ours (decision 018): the server's quote, and its fee to be checked.
        ...(chosen ? { delivery_quote_id: chosen.id, delivery_fee: chosen.deliveryFee } : {}),
      },
      {
        onSuccess: (result) => {
          setIsLeaving(true);
          goToPaymentPage(result.data.authorization_url);
        },
        onError: (error) => {
          // A price that ran out or no longer holds: ask the couriers again (the toast says why).
          const code = error instanceof ApiError ? error.code : '';
          if (
            chosen &&
            ['DELIVERY_QUOTE_EXPIRED', 'DELIVERY_QUOTE_INVALID', 'DELIVERY_FEE_MISMATCH'].includes(code)
          )
            fetchRates();
        },
      },
    );
  }

  const quantityId = 'checkout-quantity';
  return (
    <form onSubmit={onSubmit} noValidate>
      {quote.blockedBy && (
        <div className="alert alert-danger" role="alert">
          {translateMessage(quote.blockedBy)}
        </div>
      )}
      {quote.agreedOffer && (
        <div className="alert alert-success" role="status">
          {t('offers.checkoutAgreed', {
            amount: formatNaira(quote.agreedOffer.amount),
            listed: formatNaira(quote.product.price),
          })}
        </div>
      )}
      {quote.pendingReference && !quote.blockedBy && (
        <div className="alert alert-info" role="status">
          {t('errors.CHECKOUT_IN_PROGRESS')}
        </div>
      )}
      <div className="mb-3 quantity-field">
        <label htmlFor={quantityId} className="form-label">
          {t('payments.checkout.quantity')}
        </label>
        <input
          id={quantityId}
          type="number"
          inputMode="numeric"
          className={`form-control${problem ? ' is-invalid' : ''}`}
          min={1}
          max={Math.max(1, quote.maxQuantity)}
          step={1}
          value={quantityText}
          onChange={(event) => setQuantityText(event.target.value)}
          disabled={!canPay}
          aria-describedby={`${quantityId}-hint${problem ? ` ${quantityId}-error` : ''}`}
          aria-invalid={problem ? true : undefined}
        />
        <div id={`${quantityId}-hint`} className="form-text">
          {t('payments.checkout.available', { count: quote.maxQuantity })}
        </div>
        {problem && (
          <div id={`${quantityId}-error`} className="invalid-feedback d-block">
            {translateMessage(problem)}
          </div>
        )}
      </div>
      {canPay && (
        <DeliveryChoice
          quote={quote}
          method={method}
          onMethodChange={onMethodChange}
          rates={{
            isPending: deliveryQuotes.isPending,
            error: deliveryQuotes.error,
            data: deliveryQuotes.data,
            retry: fetchRates,
          }}
          chosenId={chosenId}
          onChoose={setChosenId}
          disabled={initialize.isPending || isLeaving}
        />
      )}
      <DeliveryDetails buyer={quote.buyer} method={method} />
      <dl className="row mb-3">
        <dt className="col-7">
          {t(quote.agreedOffer ? 'offers.agreedPrice' : 'payments.checkout.itemPrice')}
        </dt>
        <dd className="col-5 text-end mb-1">{formatKobo(nairaToKobo(itemPrice))}</dd>
        <dt className="col-7">{t('payments.checkout.deliveryCost')}</dt>
        <dd className="col-5 text-end mb-1" data-testid="delivery-fee">
          {method === 'pickup'
            ? t('payments.checkout.deliveryFree')
            : chosen
              ? formatKobo(chosen.deliveryFee)
              : t('payments.checkout.chooseCourierFirst')}
        </dd>
        <dt className="col-7 fs-5">{t('payments.checkout.total')}</dt>
        <dd className="col-5 text-end fs-5 fw-bold mb-1">{amount === null ? '—' : formatKobo(amount)}</dd>
      </dl>
      <p className="small text-body-secondary">
        {t('payments.checkout.split')}
        {chosen && ` ${t('payments.checkout.splitDelivery')}`}
      </p>
      {siteConfig.data?.buyerProtection && <p className="small fw-semibold">{t('protection.heldNote')}</p>}
      <div className="d-grid">
        <button
          type="submit"
          className="btn btn-primary btn-lg"
          disabled={!canPay || problem !== null || amount === null || initialize.isPending || isLeaving}
        >
          {initialize.isPending || isLeaving ? (
            <>
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              {t('payments.checkout.redirecting')}
            </>
          ) : (
            t('payments.checkout.pay', { amount: amount === null ? '' : formatKobo(amount) })
          )}
        </button>
      </div>
    </form>
  );
}

// spec §2: /checkout. The product and the seller come through navigation state; the address carries the
// product (`?product=`), so a reload works too. The page is behind the login guard ('Please login first').
export function CheckoutRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const state = isCheckoutState(location.state) ? location.state : null;
  const productId = searchParams.get('product') ?? state?.product.productId ?? '';
  // What the previous page knew, shown while the server's quote loads.
  const known: CartEntry | null = state?.product.productId === productId ? state.product : null;
  const quote = useCheckoutQuote(productId);

  let content;
  if (productId === '') {
    content = (
      <>
        <p>{t('payments.checkout.noProduct')}</p>
        <Link to="/cart" className="btn btn-primary">
          {t('header.cart')}
        </Link>
      </>
    );
  } else if (quote.isPending) {
    content = known ? (
      <>
        <ItemSummary title={known.title} picture={known.picture} price={known.price} />
        <p role="status">{t('common.loading')}</p>
      </>
    ) : (
      <PageLoading />
    );
  } else if (quote.isError) {
    const isMissing = quote.error instanceof ApiError && quote.error.status === 404;
    content = (
      <div className="alert alert-danger" role="alert">
        <p>{errorText(quote.error)}</p>
        {isMissing ? (
          <Link to="/" className="btn btn-outline-danger">
            {t('common.goHome')}
          </Link>
        ) : (
          <button type="button" className="btn btn-outline-danger" onClick={() => void quote.refetch()}>
            {t('common.tryAgain')}
          </button>
        )}
      </div>
    );
  } else {
    content = (
      <>
        <ItemSummary
          title={quote.data.product.title}
          picture={quote.data.product.picture}
          price={quote.data.product.price}
          sellerName={quote.data.seller.username}
        />
        <CheckoutForm quote={quote.data} />
      </>
    );
  }

  return (
    <section className="container payments-page py-4">
      <title>{`${t('payments.checkout.title')} · ${t('app.name')}`}</title>
      <h1 className="h3 mb-3">{t('payments.checkout.title')}</h1>
      {content}
    </section>
  );
}
