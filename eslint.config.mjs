import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

/**
 * The layers inside libs/domain-ops (ADR 0035, libs/domain-ops/README.md), lowest first: `shared` (config, ports,
 * the repositories and tables every feature uses, the queue plumbing), then the features (each with its own queue,
 * worker, tables and migrations, ADR 0036). A file may import its
 * own folder freely, `shared` by any path, and a LOWER feature only through that feature's index (`../portfolio`);
 * never a feature at its own rank or above, never another feature's files, never the library's root (the composition).
 */
const DOMAIN_OPS_SRC = 'libs/domain-ops/src';
const DOMAIN_OPS_FEATURES = ['whois', 'portfolio', 'lifecycle', 'registry-sync'];
const rel = (name, rest) => `^\\.\\.?/(.*/)?${name}${rest}`;
const ROOT_IMPORTS = [
  { regex: '^\\.(/index)?$|^(\\.\\./)*\\.\\.(/index)?$', message: 'A folder index from inside: the library root is the composition, a feature\'s own index is for the layers above it (ADR 0035).' },
  { regex: '(^|/)domain-ops\\.module$', message: 'domain-ops.module.ts composes the features; nothing inside imports it (ADR 0035).' },
  { regex: '^@registrar/domain-ops(/.*)?$', message: 'Inside libs/domain-ops, import by relative path (ADR 0035).' },
];
function domainOpsLayerRules() {
  const layers = [
    { files: [`${DOMAIN_OPS_SRC}/shared/**/*.ts`], patterns: DOMAIN_OPS_FEATURES.map((f) => ({ regex: rel(f, '(/.*)?$'), message: `shared sits below every feature: no import of ${f} (ADR 0035).` })) },
    ...DOMAIN_OPS_FEATURES.map((feature, rank) => ({
      files: [`${DOMAIN_OPS_SRC}/${feature}/**/*.ts`],
      patterns: DOMAIN_OPS_FEATURES.flatMap((other, otherRank) => [
        ...(other !== feature ? [{ regex: rel(other, '/.+$'), message: `${other}'s files are its own: import what it exports from its index (ADR 0035).` }] : []),
        ...(otherRank >= rank ? [{ regex: rel(other, '(/index)?$'), message: `${feature} may not import ${other === feature ? 'its own index' : other} (ADR 0035: a feature imports only lower features, through their index).` }] : []),
      ]),
    })),
    // the composition (domain-ops.module.ts, index.ts) takes each feature's exports from its index too
    { files: [`${DOMAIN_OPS_SRC}/*.ts`], patterns: DOMAIN_OPS_FEATURES.map((f) => ({ regex: rel(f, '/.+$'), message: `${f}'s files are its own: the composition imports its index (ADR 0035).` })) },
  ];
  return layers.map(({ files, patterns }, i) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns: i === layers.length - 1 ? patterns : [...patterns, ...ROOT_IMPORTS] }] } }));
}

/**
 * Module boundaries on two axes (scope and type). A service library may use only shared libraries and itself;
 * the gateway talks to services through contracts, never by importing their modules; only apps compose services.
 * Identity (accounts, sessions, 2FA, SMS, consent) is its own library beside the gateway: the gateway (type:edge, the
 * HTTP edge) imports it through its public index; identity never imports the gateway.
 */
export default [
  { ignores: ['**/node_modules/**', '**/dist/**', '**/*.gen.ts', '.data/**', '**/*.js', '**/*.cjs', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          enforceBuildableLibDependency: false,
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['*'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
            { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:util', 'type:data-access'] },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:util', 'type:ui'] },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:util', 'type:data-access', 'type:ui'] },
            { sourceTag: 'type:edge', onlyDependOnLibsWithTags: ['type:util', 'type:data-access', 'type:ui', 'type:feature'] },
            { sourceTag: 'scope:catalog', onlyDependOnLibsWithTags: ['scope:shared', 'scope:catalog'] },
            { sourceTag: 'scope:availability', onlyDependOnLibsWithTags: ['scope:shared', 'scope:availability', 'scope:epp'] },
            { sourceTag: 'scope:orders', onlyDependOnLibsWithTags: ['scope:shared', 'scope:orders', 'scope:epp'] },
            { sourceTag: 'scope:domain-ops', onlyDependOnLibsWithTags: ['scope:shared', 'scope:domain-ops', 'scope:epp'] },
            { sourceTag: 'scope:dns', onlyDependOnLibsWithTags: ['scope:shared', 'scope:dns', 'scope:epp'] },
            { sourceTag: 'scope:whois-mail', onlyDependOnLibsWithTags: ['scope:shared', 'scope:whois-mail'] },
            { sourceTag: 'scope:admin', onlyDependOnLibsWithTags: ['scope:shared', 'scope:admin'] },
            { sourceTag: 'scope:market', onlyDependOnLibsWithTags: ['scope:shared', 'scope:market'] },
            { sourceTag: 'scope:epp', onlyDependOnLibsWithTags: ['scope:shared', 'scope:epp'] },
            { sourceTag: 'scope:registry-sim', onlyDependOnLibsWithTags: ['scope:shared', 'scope:registry-sim', 'scope:epp'] },
            { sourceTag: 'scope:gateway', onlyDependOnLibsWithTags: ['scope:shared', 'scope:gateway', 'scope:identity'] },
            { sourceTag: 'scope:identity', onlyDependOnLibsWithTags: ['scope:shared', 'scope:identity'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:shared', 'scope:web'] },
            { sourceTag: 'scope:dev-tools', onlyDependOnLibsWithTags: ['scope:shared', 'scope:dev-tools'] },
          ],
        },
      ],
    },
  },
  ...domainOpsLayerRules(),
];
