/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** '1' builds the embeddable widget flavour of the app. */
  readonly VITE_WIDGET?: string;
  /** Comma-separated product hosts whose windows may message this app (SPEC §5). Empty by default. */
  readonly VITE_PRODUCT_HOSTS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
