// The messages module's public functions: other modules import from here, never from its other files
// (decision 053's fences).
export { blockBetween } from './access';
export { openConversation } from './conversations';
