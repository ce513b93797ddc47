import { STORE_NAME } from '@store/core';

/** Store identity and the static sample contact details shown in the footer (product §2, §9). */
export const SITE = {
  name: 'Paperline',
  fullName: STORE_NAME,
  tagline: 'Office essentials, done right',
  contact: {
    addressLines: ['1200 Commerce Street, Suite 400', 'Austin, TX 78701'],
    phone: '(555) 014-2370',
    phoneHref: 'tel:+15550142370',
    email: 'support@paperline.example',
    hours: 'Mon–Fri, 8 am – 6 pm CT',
  },
} as const;
