/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** '1' builds the embeddable widget flavour of the app. */
  readonly VITE_WIDGET?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
