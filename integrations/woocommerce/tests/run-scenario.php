<?php
/**
 * One request of a WooCommerce shop with the plugin, as the test describes it in JSON (argv[1]):
 * `options`, `cookies`, `user_id`, `product_page` (a product id), and `actions`, each
 * `["add", product_id, quantity, variation_id]` or `["remove", product_id, quantity, variation_id]`.
 * Prints JSON: the page's head output, the integration's settings fields as rendered, and what
 * the plugin logged. Cart events go to the relay for real, at `shutdown`.
 */
require __DIR__ . '/wordpress-stubs.php';

$scenario              = json_decode( $argv[1], true );
$GLOBALS['sb_options'] = $scenario['options'] ?? array();
$GLOBALS['sb_user_id'] = $scenario['user_id'] ?? 0;
$GLOBALS['sb_queried'] = $scenario['product_page'] ?? 0;
$_COOKIE               = $scenario['cookies'] ?? array();

require __DIR__ . '/../shopbeacon/shopbeacon.php';
do_action( 'plugins_loaded' );

/** Stands in for WC_Cart: removal keeps the item in `removed_cart_contents`, as WC_Cart::remove_cart_item does. */
$cart = new stdClass();
$cart->removed_cart_contents = array();
foreach ( $scenario['actions'] ?? array() as $index => $action ) {
	list( $verb, $product_id, $quantity, $variation_id ) = array_pad( $action, 4, 0 );
	$key = md5( "$product_id/$variation_id/$index" );
	if ( 'add' === $verb ) {
		do_action( 'woocommerce_add_to_cart', $key, $product_id, $quantity, $variation_id, array(), array() );
	} else {
		$cart->removed_cart_contents[ $key ] = array( 'product_id' => $product_id, 'variation_id' => $variation_id, 'quantity' => $quantity );
		do_action( 'woocommerce_cart_item_removed', $key, $cart );
	}
}

ob_start();
do_action( 'wp_head' );
$head = ob_get_clean();

$integrations = apply_filters( 'woocommerce_integrations', array() );
$settings     = array();
foreach ( $integrations as $class ) {
	$integration = new $class();
	foreach ( $integration->form_fields as $key => $field ) {
		$method           = 'generate_' . $field['type'] . '_html';
		$settings[ $key ] = method_exists( $integration, $method ) ? $integration->$method( $key, $field ) : $integration->generate_text_html( $key, $field );
	}
}

do_action( 'shutdown' );
echo json_encode( array( 'head' => $head, 'settings' => $settings, 'log' => $GLOBALS['sb_log'] ) );
