<?php
defined( 'ABSPATH' ) || exit;

/**
 * The listing this request shows, from WordPress's main query: the shop page, a product category,
 * tag or other product taxonomy, or product search results. The main query is what the classic
 * loop and the Product Collection block that inherits the query both render (seen on a real
 * 11.0.1: the same products in the same order, page 2 included), so the event's products are the
 * rendered ones without reading the HTML.
 */
class Shopbeacon_Listing {
	/** relay/contract/event-catalogue.ts MAX_LIST_PRODUCTS. */
	const MAX_PRODUCTS = 200;

	/** Whether the main query is product search results (`?s=…&post_type=product`, which the Product Search block sends). */
	public static function is_product_search() {
		return function_exists( 'is_search' ) && is_search() && 'product' === get_query_var( 'post_type' );
	}

	/** `Product List Viewed`'s object for this request, or null when it shows no product listing. */
	public static function viewed() {
		$list = self::which();
		if ( null === $list ) {
			return null;
		}
		$products = self::products();
		return empty( $products ) ? null : $list + array( 'products' => $products );
	}

	/**
	 * The listing's `list_id` and `list_name`: stable per listing, so a click and a view join; a
	 * term's id is its default language's, so a translated category is one listing.
	 */
	private static function which() {
		if ( self::is_product_search() ) {
			return array( 'list_id' => 'search', 'list_name' => 'Search results' );
		}
		if ( function_exists( 'is_product_taxonomy' ) && is_product_taxonomy() ) {
			$term = get_queried_object();
			if ( ! $term instanceof WP_Term ) {
				return null;
			}
			$kinds = array( 'product_cat' => 'category', 'product_tag' => 'tag' );
			$kind  = isset( $kinds[ $term->taxonomy ] ) ? $kinds[ $term->taxonomy ] : $term->taxonomy;
			return array( 'list_id' => $kind . '-' . Shopbeacon_Translations::term_id( $term->term_id, $term->taxonomy ), 'list_name' => Shopbeacon_Product_Fields::text( $term->name ) );
		}
		if ( function_exists( 'is_shop' ) && is_shop() ) {
			return array( 'list_id' => 'shop', 'list_name' => Shopbeacon_Product_Fields::text( get_the_title( wc_get_page_id( 'shop' ) ) ) );
		}
		return null;
	}

	/** The page's products in order, numbered on from the pages before (page 1 is `paged` 0). */
	private static function products() {
		global $wp_query;
		$posts    = isset( $wp_query->posts ) && is_array( $wp_query->posts ) ? $wp_query->posts : array();
		$per_page = max( 0, (int) $wp_query->get( 'posts_per_page' ) );
		$first    = ( max( 1, (int) $wp_query->get( 'paged' ) ) - 1 ) * $per_page + 1;
		$products = array();
		foreach ( array_slice( $posts, 0, self::MAX_PRODUCTS ) as $index => $post ) {
			$product = wc_get_product( is_object( $post ) ? $post->ID : $post );
			if ( $product ) {
				$products[] = self::listed( $product, $first + $index );
			}
		}
		return $products;
	}

	/** A listed product as shown to this visitor (its default language's id): a variable product's price is its lowest, as the listing's range begins. */
	public static function listed( $product, $position ) {
		return array(
			'product_id' => Shopbeacon_Translations::product_id( $product->get_id() ),
			'position'   => $position,
			'name'       => Shopbeacon_Product_Fields::text( $product->get_name() ),
			'price'      => (float) wc_get_price_to_display( $product ),
			'currency'   => get_woocommerce_currency(),
			'url'        => $product->get_permalink(),
		);
	}
}
