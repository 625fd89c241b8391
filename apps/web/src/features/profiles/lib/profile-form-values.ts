import type { Me } from '@marketplace/shared/schemas/accounts';
import type { ProfileFields, ProfileInput } from '@marketplace/shared/schemas/profiles';

export type ProfileFormValues = ProfileInput;
export type ProfileFormOutput = ProfileFields;

// The form starts from the saved profile; a missing value is an empty field.
export function profileFormValues(me: Me): ProfileFormValues {
  return {
    fullName: me.fullName,
    email: me.email,
    phoneNumber: me.phoneNumber ?? '',
    address: me.address ?? '',
    street: me.street ?? '',
    city: me.city ?? '',
    state: me.state ?? '',
    country: me.country ?? '',
    bio: me.bio ?? '',
    accountName: me.accountName ?? '',
    accountNumber: me.accountNumber ?? '',
    bankName: me.bankName ?? '',
    bankCode: me.bankCode ?? '',
    showContactDetails: me.showContactDetails,
  };
}

// spec §4: the saved account counts as verified until one of its fields is edited.
export function hasVerifiedBank(me: Me): boolean {
  return me.isVerified && Boolean(me.accountNumber);
}
