import { isEmail } from '@eip/contracts/utils';
import type { TFunction } from 'i18next';

/** A mail address is required and follows the email rule of spec §5 (the shared helper). */
export const addressRules = (t: TFunction) => [
  { required: true, whitespace: true, message: t('mail.addressRequired') },
  {
    validator: (_: unknown, value?: string) =>
      !value?.trim() || isEmail(value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(t('mail.addressInvalid'))),
  },
];
