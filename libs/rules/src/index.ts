export * from './money';
export * from './periods';
export * from './dates';
export * from './search';
export * from './user-info';
export * from './mypage';
export * from './whois';
export * from './purchase';
