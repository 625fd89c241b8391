import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProductMedia } from '@marketplace/shared/schemas/products';
import { AppProviders } from '../../../app/providers';
import { ProductGallery } from './product-gallery';

function picture(name: string): ProductMedia {
  return {
    url: `/media/images/${name}-1600.webp`,
    width: 1600,
    height: 1200,
    variants: [
      { width: 320, url: `/media/images/${name}-320.webp` },
      { width: 1600, url: `/media/images/${name}-1600.webp` },
    ],
  };
}

const pictures = [picture('front'), picture('back'), picture('side')];

function renderGallery() {
  const user = userEvent.setup();
  render(
    <AppProviders>
      <ProductGallery
        images={pictures.map((entry) => entry.url)}
        media={pictures}
        primaryImageIndex={0}
        title="Samsung Galaxy A14"
      />
    </AppProviders>,
  );
  return { user };
}

// Opens the viewer (its own chunk) and waits until it has moved focus to its Close button, which it does in
// an effect after it is drawn: on a loaded machine the dialog was found before that effect had run.
async function openViewer(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Open picture 1 of 3 full screen' }));
  const dialog = await screen.findByRole('dialog', { name: 'Pictures of Samsung Galaxy A14' });
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus());
  return dialog;
}

const shownPicture = (dialog: HTMLElement) => within(dialog).getByRole('img');
const stage = () => screen.getByTestId('picture-viewer-stage');
const transformOf = () => (stage().firstElementChild as HTMLElement).style.transform;

function pointer(type: 'pointerDown' | 'pointerMove' | 'pointerUp', pointerId: number, x: number, y = 300) {
  fireEvent[type](stage(), { pointerId, clientX: x, clientY: y, isPrimary: pointerId === 1 });
}

describe('product gallery, full screen', () => {
  it('opens as a modal dialog at full size, moves with the arrow keys, and closes with Escape back to the picture', async () => {
    const { user } = renderGallery();
    const dialog = await openViewer(user);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(within(dialog).getByText('Picture 1 of 3')).toBeInTheDocument();
    // The largest size is on offer for the whole screen.
    expect(shownPicture(dialog)).toHaveAttribute(
      'srcset',
      expect.stringContaining('/media/images/front-1600.webp 1600w'),
    );
    expect(shownPicture(dialog)).toHaveAttribute('sizes', '100vw');

    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByText('Picture 2 of 3')).toBeInTheDocument();
    expect(shownPicture(dialog)).toHaveAttribute('srcset', expect.stringContaining('back-1600.webp'));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(dialog).getByText('Picture 3 of 3')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The gallery now shows the picture the buyer stopped at, and focus is back on it.
    const opener = screen.getByRole('button', { name: 'Open picture 3 of 3 full screen' });
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('keeps focus inside the dialog', async () => {
    const { user } = renderGallery();
    const dialog = await openViewer(user);
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Previous picture' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Next picture' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Next picture' })).toHaveFocus();
  });

  it('swipes to the next and previous picture', async () => {
    const { user } = renderGallery();
    const dialog = await openViewer(user);
    pointer('pointerDown', 1, 300);
    pointer('pointerMove', 1, 150);
    pointer('pointerUp', 1, 150);
    expect(within(dialog).getByText('Picture 2 of 3')).toBeInTheDocument();
    pointer('pointerDown', 1, 100);
    pointer('pointerMove', 1, 260);
    pointer('pointerUp', 1, 260);
    expect(within(dialog).getByText('Picture 1 of 3')).toBeInTheDocument();
  });

  it('zooms with two fingers, drags the zoomed picture instead of swiping, and zooms out on a double tap', async () => {
    const { user } = renderGallery();
    const dialog = await openViewer(user);
    pointer('pointerDown', 1, 150);
    pointer('pointerDown', 2, 250);
    pointer('pointerMove', 1, 100);
    pointer('pointerMove', 2, 300);
    // The fingers' spread doubled: twice the size.
    expect(transformOf()).toBe('translate(0px, 0px) scale(2)');
    pointer('pointerUp', 1, 100);
    pointer('pointerUp', 2, 300);

    // A drag on a zoomed picture moves it; it does not go to the next picture.
    pointer('pointerDown', 1, 300);
    pointer('pointerMove', 1, 200);
    pointer('pointerUp', 1, 200);
    expect(transformOf()).toBe('translate(-100px, 0px) scale(2)');
    expect(within(dialog).getByText('Picture 1 of 3')).toBeInTheDocument();

    fireEvent.doubleClick(stage());
    expect(transformOf()).toBe('translate(0px, 0px) scale(1)');
    fireEvent.doubleClick(stage());
    expect(transformOf()).toBe('translate(0px, 0px) scale(2.5)');
  });
});
