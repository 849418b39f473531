<?php
defined( 'ABSPATH' ) || exit;

/**
 * `shopbeacon_product_id` on WooCommerce's REST products and on each line of its REST orders (and
 * so on its product and order webhooks, built from the same answers): the id the plugin's events
 * carry for the product, its default language's (Shopbeacon_Translations). An order placed on a
 * German page has lines of the German posts; the relay sends the orders' lines under this id too.
 * WooCommerce's REST API lists every language's post with Polylang (free Polylang reads no `lang`
 * in REST requests; Polylang Pro and WPML filter by one, each in its own way), so the relay's
 * catalog skips a product whose field names another id: a translation, whose default language's
 * post is the catalog's entry, with that language's name, link and price.
 */
class Shopbeacon_Rest_Product_Id {
	public function register() {
		add_action( 'rest_api_init', array( $this, 'add_field' ) );
		add_filter( 'woocommerce_rest_prepare_shop_order_object', array( $this, 'name_order_lines' ) );
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

	/**
	 * `apply_filters( 'woocommerce_rest_prepare_shop_order_object', $response, $order, $request )`.
	 *
	 * @param WP_REST_Response $response The order's REST answer.
	 */
	public function name_order_lines( $response ) {
		if ( ! $response instanceof WP_REST_Response ) {
			return $response;
		}
		$data = $response->get_data();
		if ( ! isset( $data['line_items'] ) || ! is_array( $data['line_items'] ) ) {
			return $response;
		}
		foreach ( $data['line_items'] as $index => $line ) {
			if ( isset( $line['product_id'] ) ) {
				$data['line_items'][ $index ]['shopbeacon_product_id'] = Shopbeacon_Translations::product_id( (int) $line['product_id'] );
			}
		}
		$response->set_data( $data );
		return $response;
	}
}
