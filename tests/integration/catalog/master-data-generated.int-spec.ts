/** data/master is generated: the committed files must be exactly what the generator writes from its source table. */
import fs from 'node:fs';
import path from 'node:path';
import { generate } from '../../../scripts/data/generate-master-data';

const MASTER = path.resolve(__dirname, '../../../data/master');

describe('data/master', () => {
  it('is what scripts/data/generate-master-data.ts writes (regenerate after editing scripts/data/master-source.ts)', () => {
    const g = generate();
    expect(fs.readFileSync(path.join(MASTER, 'tld.csv'), 'utf8')).toBe(g.tld);
    expect(fs.readFileSync(path.join(MASTER, 'tld_price.csv'), 'utf8')).toBe(g.price);
    expect(fs.readFileSync(path.join(MASTER, 'tld_category.csv'), 'utf8')).toBe(g.category);
  });
});
