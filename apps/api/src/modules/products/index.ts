// The products module's public functions: other modules import from here, never from its other files
// (decision 053's fences).
export { deleteProduct } from './delete-product';
export { editProduct } from './edit-product';
export type { ListingHooks } from './listing-hooks';
export { getProductDetail, listAllProducts, listSavedProducts, listSellerProducts } from './reads';
export { isGivenAway, listUserProducts, listingAuditSnapshot, loadAny, lockListing } from './service';
