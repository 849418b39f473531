<?php
defined( 'ABSPATH' ) || exit;

/**
 * `shopbeacon_price` on WooCommerce's REST products (and so on its product webhooks, which are
 * built from the same answer): the price as the shop displays it to a shopper at its base location
 * (`wc_get_price_to_display`: with tax when the shop shows prices with tax), the same number the
 * plugin's cart events carry. The REST API's own `price` is the price as entered, which differs
 * from it whenever the shop enters prices without tax and shows them with it; the relay's catalog
 * takes this field when it is there.
 */
class Shopbeacon_Rest_Price {
	public function register() {
		add_action( 'rest_api_init', array( $this, 'add_field' ) );
	}

	public function add_field() {
		register_rest_field(
			array( 'product', 'product_variation' ),
			'shopbeacon_price',
			array(
				'get_callback' => array( $this, 'price_of' ),
				'schema'       => array(
					'description' => 'The price as the shop displays it (with tax when it shows prices with tax), as shopbeacon sends it.',
					'type'        => 'number',
					'context'     => array( 'view', 'edit' ),
				),
			)
		);
	}

	/** @param array $data The REST answer so far (its `id`). */
	public function price_of( $data ) {
		$product = isset( $data['id'] ) ? wc_get_product( (int) $data['id'] ) : false;
		if ( ! $product || '' === $product->get_price() ) {
			return null;
		}
		return (float) wc_get_price_to_display( $product );
	}
}
