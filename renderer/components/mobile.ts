/**
 * A mobile shown in a message that anyone at the counter may see: its first two and last three digits
 * ("05•• ••• 567"), kept left to right inside Arabic text by a directional isolate.
 */
export const maskedMobile = (mobile: string) => `\u2066${mobile.slice(0, 2)}•• ••• ${mobile.slice(-3)}\u2069`;
