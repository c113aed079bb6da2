/**
 * Texts of docs/product-rules.md#errors-and-messages for the shop and the blog, shared by server and web. Zod-free on purpose: a
 * page that imports a sentence should not download the schema library with it.
 */

export const ShopMessages = {
  loadFailed: 'Failed to load products',
  // The product's word is "mix" (issue 13); the spec's 'added to cart' predates it.
  addedToMix: (name: string) => `${name} added to your mix`,
  addedToFavorites: 'Added to favourites',
  removedFromFavorites: 'Removed from favourites',
  noProducts: 'No products found',
  noProductsHint: 'Try adjusting your search or filters',
  unknownProduct: 'That product is not in our catalogue.',
} as const;

export const BlogMessages = {
  loadFailed: 'Failed to load blog posts',
  noArticles: 'No articles found',
  addedToLiked: 'Added to liked posts',
  removedFromLiked: 'Removed from liked posts',
  addedToReadingList: 'Added to reading list',
  removedFromReadingList: 'Removed from reading list',
  linkCopied: 'Link copied to clipboard',
  notFound: 'That article could not be found.',
  signInToLike: 'Sign in to like articles and keep a reading list.',
} as const;
