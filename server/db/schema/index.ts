// The tables by area; code and drizzle-kit import them from here.
export * from './organisation';
export * from './staff';
export * from './catalogue';
export * from './sales';
export * from './families';
export * from './frontdesk';
export * from './rooms';
export * from './promotions';
export * from './chat';
export * from './rollups';
