import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { LoginInput } from '@marketplace/shared/schemas/accounts';
import type { Transaction } from '@marketplace/shared/schemas/payments';
import type { Detail } from '../../components/ui/detail-list';

// What the admin's screens show of other features: a payment's details in the transactions dialog
// (transactions); the product editor's fields, the seller's own, with the admin's extra fields as children
// (products, decision 062); the login form (accounts' own, calling the admin's login; decision 062). A feature never imports another, so the app fills these slots (app/feature-slots.tsx,
// decision 054); an empty slot draws nothing.
export type AdminSlots = {
  TransactionDetails?: ComponentType<{
    transaction: Transaction;
    variant: 'admin';
    delivery?: Detail | undefined;
    orderActions?: ReactNode;
  }>;
  ProductDetailsFields?: ComponentType<{ mode: 'sell' | 'donate'; children?: ReactNode }>;
  LoginForm?: ComponentType<{
    logIn: {
      mutate: (input: LoginInput, options: { onSuccess: () => void }) => void;
      isPending: boolean;
    };
    onLoggedIn: () => void;
  }>;
};

const AdminSlotsContext = createContext<AdminSlots>({});

export const AdminSlotsProvider = AdminSlotsContext.Provider;

export function useAdminSlots(): AdminSlots {
  return useContext(AdminSlotsContext);
}
