import { ltr } from '../ui/ltr';

/**
 * A mobile shown in a message that anyone at the counter may see: its first two and last three digits
 * ("05•• ••• 567"), kept left to right inside Arabic text.
 */
export const maskedMobile = (mobile: string) => ltr(`${mobile.slice(0, 2)}•• ••• ${mobile.slice(-3)}`);
