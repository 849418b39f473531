<?php
defined( 'ABSPATH' ) || exit;

/**
 * One product, one id, whatever language the shopper reads: Polylang and WPML keep each language
 * of a product (and of a category or tag) as its own post (term), linked to the others, so a
 * German page shows product 165 where the English one shows 18. Every event, listing and catalog
 * entry goes under the default language's id, as the relay's catalog holds the default language's
 * entry only (Shopbeacon_Rest_Product_Id). A post with no translation in the default language keeps
 * its own id: it is that language's product alone.
 */
class Shopbeacon_Translations {
	/** The default language's product of `$product_id`. */
	public static function product_id( $product_id ) {
		return self::original( (int) $product_id, 'post', 'product' );
	}

	/** The default language's term of `$term_id` in `$taxonomy` (product_cat, product_tag). */
	public static function term_id( $term_id, $taxonomy ) {
		return self::original( (int) $term_id, 'term', $taxonomy );
	}

	/**
	 * Polylang's `pll_get_post` / `pll_get_term` (false or 0 without a translation), WPML's
	 * `wpml_object_id` filter (the id itself, asked to return it, without one).
	 *
	 * @param int    $id   A post or term id.
	 * @param string $kind `post` or `term`.
	 * @param string $type The post type or taxonomy.
	 */
	private static function original( $id, $kind, $type ) {
		if ( function_exists( 'pll_default_language' ) && function_exists( 'pll_get_post' ) && function_exists( 'pll_get_term' ) ) {
			$language = pll_default_language();
			$found    = 'post' === $kind ? pll_get_post( $id, $language ) : pll_get_term( $id, $language );
			return $found ? (int) $found : $id;
		}
		if ( has_filter( 'wpml_object_id' ) ) {
			return (int) apply_filters( 'wpml_object_id', $id, $type, true, apply_filters( 'wpml_default_language', null ) );
		}
		return $id;
	}
}
