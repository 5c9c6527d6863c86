// ESLint (flat config): TypeScript, the rules of hooks and accessibility.
// `npm run lint` runs it with --max-warnings 0, and `make test` runs that.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// DESIGN.md: features do not import each other; shared code lives in
// src/components and src/lib, and only src/app composes features. The alias
// form is caught here; src/architecture.test.ts also follows relative paths.
const noFeatureImports = {
  patterns: [
    {
      group: ['@/features/*', '@/features/**'],
      message: 'A feature imports only its own files (relatively) and src/components or src/lib; src/app composes features.',
    },
  ],
};
const noAppOrFeatureImports = {
  patterns: [
    {
      group: ['@/features/*', '@/features/**', '@/app/*', '@/app/**'],
      message: 'src/lib and src/components sit below the features and the app: they import neither.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/lib/api/schema.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
    },
    settings: {
      // Mantine's components render these elements, so jsx-a11y checks them
      // as such. (Anchor is left out: it is mostly `component={Link}`, which
      // the plugin cannot follow.)
      'jsx-a11y': {
        components: {
          Button: 'button',
          UnstyledButton: 'button',
          ActionIcon: 'button',
          Image: 'img',
          TextInput: 'input',
          PasswordInput: 'input',
          NumberInput: 'input',
          Textarea: 'textarea',
        },
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', noFeatureImports] },
  },
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', noAppOrFeatureImports] },
  },
);
