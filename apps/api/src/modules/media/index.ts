// The media module's public functions: other modules import from here, never from its other files
// (decision 053's fences).
export { type ListingMediaHosting, recordListingMedia } from './listing-media';
export { deleteMedia, storeMedia } from './service';
