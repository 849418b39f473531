<?php
defined( 'ABSPATH' ) || exit;

/**
 * The service's `Added To Cart` fields of a WooCommerce product, as the shopper saw them. The id,
 * name and link are the base product's (the catalog the relay sends holds base products only), the
 * id its default language's (Shopbeacon_Translations), the name and link the page's language's;
 * the price and image are the variation's when there is one. The price is as the shop displays
 * it (`wc_get_price_to_display`: with tax when the shop shows prices with tax).
 */
class Shopbeacon_Product_Fields {
	/**
	 * @param WC_Product      $product   The base product.
	 * @param WC_Product|null $variation The variation chosen, if any.
	 * @param int             $quantity  How many.
	 */
	public static function of( $product, $variation = null, $quantity = 1 ) {
		$shown  = $variation ? $variation : $product;
		$image  = $shown->get_image_id() ? $shown->get_image_id() : $product->get_image_id();
		$fields = array(
			'product_id'   => Shopbeacon_Translations::product_id( $product->get_id() ),
			'name'         => self::text( $product->get_name() ),
			'product_type' => self::category( $product ),
			'price'        => (float) wc_get_price_to_display( $shown ),
			'currency'     => get_woocommerce_currency(),
			'quantity'     => max( 1, (int) $quantity ),
			'url'          => $product->get_permalink(),
			'image_url'    => $image ? wp_get_attachment_image_url( $image, 'full' ) : null,
		);
		return array_filter(
			$fields,
			static function ( $value ) {
				return null !== $value && '' !== $value && false !== $value;
			}
		);
	}

	/** The product's first category, the nearest thing WooCommerce has to a product type. */
	private static function category( $product ) {
		$ids = $product->get_category_ids();
		if ( empty( $ids ) ) {
			return null;
		}
		$term = get_term( (int) $ids[0], 'product_cat' );
		return $term && ! is_wp_error( $term ) ? self::text( $term->name ) : null;
	}

	/** WordPress stores names HTML-escaped (`Tea &amp; Coffee`): the service takes text. */
	public static function text( $name ) {
		return html_entity_decode( (string) $name, ENT_QUOTES | ENT_HTML5, 'UTF-8' );
	}
}
