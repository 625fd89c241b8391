// The orders module's public functions: other modules import from here, never from its other files
// (decision 053's fences).
export { orderColumns, orderFieldsSql, orderSellers, toOrderFields } from './order-fields';
