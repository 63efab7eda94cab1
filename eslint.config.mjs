import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

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
];
