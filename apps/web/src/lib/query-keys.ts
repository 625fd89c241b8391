// Query keys that more than one feature reads or refreshes. Every listing query starts with productsQueryKey,
// so one invalidation after an upload, an edit, a delete or a donation's pick refreshes the grids, the product
// pages and My products together.
export const productsQueryKey = ['products'] as const;
