// Full-page navigations, in one module so tests can replace them (happy-dom cannot reload).

export function reloadPage(): void {
  window.location.reload();
}

export function hardNavigate(url: string): void {
  window.location.assign(url);
}
