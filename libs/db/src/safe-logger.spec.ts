import { SafeTypeOrmLogger } from './safe-logger';

describe('SafeTypeOrmLogger (issue 23, finding 9)', () => {
  it('logs a failed query without its parameters, its literals or the error text that quotes a value', () => {
    const lines: string[] = [];
    const logger = new SafeTypeOrmLogger((l) => lines.push(l));
    const err = Object.assign(new Error('invalid input syntax for type bigint: "taro@example.jp"'), { code: '22P02', table: 'users' });
    logger.logQueryError(err, "SELECT * FROM identity.users WHERE email = $1 AND name = 'Yamada Taro'");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('22P02');
    expect(lines[0]).toContain('SELECT * FROM identity.users WHERE email = $1');
    expect(lines[0]).not.toMatch(/taro@example\.jp|Yamada/);
  });
});
