// Text placed into HTML the server writes (link previews, the payment sandbox's page).
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
