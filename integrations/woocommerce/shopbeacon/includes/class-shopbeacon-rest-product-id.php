<?php
defined( 'ABSPATH' ) || exit;

/**
 * `shopbeacon_product_id` on WooCommerce's REST products (and so on its product webhooks): the id
 * the plugin's events carry for the product, its default language's (Shopbeacon_Translations).
 * WooCommerce's REST API lists every language's post with Polylang (free Polylang reads no `lang`
 * in REST requests; Polylang Pro and WPML filter by one, each in its own way), so the relay's
 * catalog skips a product whose field names another id: a translation, whose default language's
 * post is the catalog's entry, with that language's name, link and price.
 */
class Shopbeacon_Rest_Product_Id {
	public function register() {
		add_action( 'rest_api_init', array( $this, 'add_field' ) );
	}

	public function add_field() {
		register_rest_field(
			'product',
			'shopbeacon_product_id',
			array(
				'get_callback' => array( $this, 'id_of' ),
				'schema'       => array(
					'description' => 'The id shopbeacon sends the product under: its default language\'s, with Polylang or WPML.',
					'type'        => 'integer',
					'context'     => array( 'view', 'edit' ),
				),
			)
		);
	}

	/** @param array $data The REST answer so far (its `id`). */
	public function id_of( $data ) {
		return isset( $data['id'] ) ? Shopbeacon_Translations::product_id( (int) $data['id'] ) : null;
	}
}
