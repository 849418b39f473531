<?php
/**
 * One request of a WooCommerce shop with the plugin, as the test describes it in JSON (argv[1]):
 * `options`, `cookies`, `user_id`, `product_page` (a product id), and `actions`, each
 * `["add", product_id, quantity, variation_id]` or `["remove", product_id, quantity, variation_id]`,
 * `["set", product_id, new_quantity, variation_id, old_quantity]` (a line's quantity changed, as
 * WC_Cart::set_quantity does) or `["add-again", product_id, quantity, variation_id]` (the classic
 * add of a product already in the cart: its quantity changed, then `woocommerce_add_to_cart`),
 * `["order-classic", order_id]` and `["order-store-api", order_id]` (an order placed by the classic checkout or the
 * Store API, the order being `order`: id, total, currency, lines of [product_id, quantity, variation_id, unit price]),
 * `listing` (the main query of a listing: `type` product_cat, product_tag, shop or search, `term_id`, `name`, `posts`
 * (product ids), `paged`, `per_page`, `found`, `post_type`, `query`), `block` (`inherit` or `own`: a Product Collection
 * block rendered before wp_head, printed as `block`; the footer is printed as `footer`),
 * `page` (`checkout` or `order-received`: the page `template_redirect` runs on, with `cart` as lines of
 * [product_id, quantity, variation_id]), `server` ($_SERVER entries: the shopper's request headers),
 * `request` ($_REQUEST: a form posted, with `server`'s REQUEST_METHOD), `no_fpm` (a server that cannot end the response early), `retry` (Action Scheduler running the
 * plugin's retry with `[events, meta]`), `rest_price` (a product id: its REST field), `rest_product_ids` (product ids: their `shopbeacon_product_id`), `rest_order_lines` (an order's lines' product ids: the lines of its REST answer), `session` (WooCommerce's
 * session values before the request; printed as they are after it), `failed_actions` (Action Scheduler's failed
 * actions, id => args), `activate` (the plugin's activation hook runs), `login` (a user id: WordPress logs them in
 * before `send_headers`), `logout` (the user logs out), `ssl` (the request is HTTPS), `pending_actions` (how many
 * of the plugin's retries wait in Action Scheduler), `uninstall` (WordPress deletes the plugin: prints the options left
 * and the actions unscheduled instead; with `sites`, id => options, on a multisite network, each site's), `consent_api` (the WP Consent API plugin is active, its consent type as the
 * shop's banner sets it: `{ "consent_type": "optin" }`; the choice is in the cookies, as the banner wrote them),
 * `polylang` or `wpml` (the plugin is active with the scenario's translation groups: tests/polylang.php, tests/wpml.php).
 * Prints JSON once every shutdown function has run: the page's head output, the integration's
 * settings fields as rendered, what the plugin logged and scheduled, and how long after the page
 * was done the response ended. Cart events go to the relay for real, after the response.
 */
require __DIR__ . '/wordpress-stubs.php';
require __DIR__ . '/features-util-stub.php';

$scenario              = json_decode( $argv[1], true );
$GLOBALS['sb_options'] = $scenario['options'] ?? array();
$GLOBALS['sb_user_id'] = $scenario['user_id'] ?? 0;
$GLOBALS['sb_queried'] = $scenario['product_page'] ?? 0;
$_COOKIE               = $scenario['cookies'] ?? array();
// The shopper's request headers: a desktop browser's User-Agent unless the scenario says otherwise.
$_SERVER               = array_merge( $_SERVER, array( 'HTTP_USER_AGENT' => 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' ), $scenario['server'] ?? array() );
$GLOBALS['sb_no_fpm']  = ! empty( $scenario['no_fpm'] );
$GLOBALS['sb_page']    = $scenario['page'] ?? '';
$GLOBALS['sb_cart']    = $scenario['cart'] ?? array();
$GLOBALS['sb_order']   = $scenario['order'] ?? null;
$GLOBALS['sb_session'] = $scenario['session'] ?? array();
$GLOBALS['sb_failed_actions'] = $scenario['failed_actions'] ?? array();
$GLOBALS['sb_order_count']    = $scenario['order_count'] ?? 0;
$GLOBALS['sb_ssl']            = ! empty( $scenario['ssl'] );
$GLOBALS['sb_pending_actions'] = $scenario['pending_actions'] ?? 0;
$_REQUEST              = $scenario['request'] ?? array();
$GLOBALS['sb_listing'] = $scenario['listing'] ?? array();
$GLOBALS['wp_query']   = new WP_Query( $GLOBALS['sb_listing'] );

if ( ! empty( $scenario['uninstall'] ) ) {
	// WordPress deleting the plugin: uninstall.php alone, with the options as they were.
	define( 'WP_UNINSTALL_PLUGIN', 'shopbeacon/shopbeacon.php' );
	if ( isset( $scenario['sites'] ) ) {
		// A network: WordPress runs uninstall.php in the main site.
		$GLOBALS['sb_sites']   = $scenario['sites'];
		$GLOBALS['sb_blog_id'] = 1;
		$GLOBALS['sb_options'] = $GLOBALS['sb_sites'][1];
	}
	require __DIR__ . '/../shopbeacon/uninstall.php';
	if ( isset( $scenario['sites'] ) ) {
		$GLOBALS['sb_sites'][1] = $GLOBALS['sb_options'];
	}
	echo json_encode(
		array(
			'options'        => (object) $GLOBALS['sb_options'],
			'sites'          => array_map( static function ( $options ) { return (object) $options; }, $GLOBALS['sb_sites'] ?? array() ),
			'unscheduled'    => $GLOBALS['sb_unscheduled'] ?? array(),
			'unscheduled_on' => $GLOBALS['sb_unscheduled_on'] ?? array(),
		)
	);
	exit;
}
if ( isset( $scenario['polylang'] ) ) {
	require __DIR__ . '/polylang.php';
	sb_polylang_stand_in( $scenario['polylang'] );
}
if ( isset( $scenario['wpml'] ) ) {
	require __DIR__ . '/wpml.php';
	sb_wpml_stand_in( $scenario['wpml'] );
}
if ( isset( $scenario['consent_api'] ) ) {
	require __DIR__ . '/wp-consent-api.php';
	sb_consent_api_stand_in( $scenario['consent_api']['consent_type'] ?? '' );
}
require __DIR__ . '/../shopbeacon/shopbeacon.php';
do_action( 'before_woocommerce_init' );
do_action( 'plugins_loaded' );
do_action( 'init' );
if ( isset( $scenario['login'] ) ) {
	$GLOBALS['sb_user_id'] = $scenario['login'];
	do_action( 'wp_login', 'customer', (object) array( 'ID' => $scenario['login'] ) );
}
if ( ! empty( $scenario['logout'] ) ) {
	do_action( 'wp_logout', $GLOBALS['sb_user_id'] );
	$GLOBALS['sb_user_id'] = 0;
}
do_action( 'send_headers' );
if ( ! empty( $scenario['activate'] ) ) {
	call_user_func( $GLOBALS['sb_activation'] );
}
do_action( 'template_redirect' );

/** Stands in for WC_Cart: removal keeps the item in `removed_cart_contents`, as WC_Cart::remove_cart_item does. */
$cart = new stdClass();
$cart->removed_cart_contents = array();
$cart->cart_contents         = array();
foreach ( $scenario['actions'] ?? array() as $index => $action ) {
	list( $verb, $product_id, $quantity, $variation_id, $old_quantity ) = array_pad( $action, 5, 0 );
	$key = md5( "$product_id/$variation_id/$index" );
	// A line changed or removed keeps what the plugin stored on it: the scenario's `cart` line of that product.
	$kept = array();
	foreach ( WC()->cart->cart_contents as $line ) {
		if ( $line['product_id'] === $product_id && isset( $line['shopbeacon_click'] ) ) {
			$kept = array( 'shopbeacon_click' => $line['shopbeacon_click'] );
		}
	}
	if ( 'add' === $verb ) {
		// WC_Cart::add_to_cart: the line is in the cart when the action fires.
		WC()->cart->cart_contents[ $key ] = array( 'product_id' => $product_id, 'variation_id' => $variation_id, 'quantity' => $quantity );
		do_action( 'woocommerce_add_to_cart', $key, $product_id, $quantity, $variation_id, array(), array() );
	} elseif ( 'order-classic' === $verb ) {
		do_action( 'woocommerce_checkout_order_processed', $product_id, array(), wc_get_order( $product_id ) );
	} elseif ( 'order-store-api' === $verb ) {
		do_action( 'woocommerce_store_api_checkout_order_processed', wc_get_order( $product_id ) );
	} elseif ( 'set' === $verb || 'add-again' === $verb ) {
		$old                           = 'set' === $verb ? $old_quantity : 1;
		$new                           = 'set' === $verb ? $quantity : 1 + $quantity;
		$cart->cart_contents[ $key ] = array( 'product_id' => $product_id, 'variation_id' => $variation_id, 'quantity' => $new ) + $kept;
		do_action( 'woocommerce_after_cart_item_quantity_update', $key, $new, $old, $cart );
		if ( 'add-again' === $verb ) {
			do_action( 'woocommerce_add_to_cart', $key, $product_id, $quantity, $variation_id, array(), array() );
		}
	} else {
		$cart->removed_cart_contents[ $key ] = array( 'product_id' => $product_id, 'variation_id' => $variation_id, 'quantity' => $quantity ) + $kept;
		do_action( 'woocommerce_cart_item_removed', $key, $cart );
	}
}

// The checkout turning the cart's lines into the order's, as WC_Checkout::create_order_line_items does.
$order_line_meta = array();
if ( ! empty( $scenario['create_order_lines'] ) ) {
	foreach ( WC()->cart->get_cart() as $key => $values ) {
		$item = new WC_Order_Item_Product( array( $values['product_id'], $values['quantity'], $values['variation_id'] ) );
		do_action( 'woocommerce_checkout_create_order_line_item', $item, $key, $values, null );
		$order_line_meta[] = (object) $item->meta;
	}
}

// Recommendations as WooCommerce renders them: a classic template (`[name, product ids, the fixture it
// prints]`, on the product page of `product_page`), a products shortcode (`type`, `attributes`, `ids`, `per_page`,
// `current_page`), a product block (`name`, default the Product Collection; `attrs`; `html`, a block as a real
// WooCommerce 11.0.1 rendered it, tests/fixtures; `get`, the page's query).
$recommendations = '';
if ( isset( $scenario['template'] ) ) {
	$recommendations_args = array( 'related_products' => array_map( 'wc_get_product', $scenario['template'][1] ) );
	$recommendations_args = array( 'upsells' => $recommendations_args['related_products'], 'cross_sells' => $recommendations_args['related_products'] ) + $recommendations_args;
	ob_start();
	do_action( 'woocommerce_before_template_part', $scenario['template'][0], '', '', $recommendations_args );
	echo isset( $scenario['template'][2] ) ? file_get_contents( __DIR__ . '/fixtures/' . $scenario['template'][2] ) : '';
	do_action( 'woocommerce_after_template_part', $scenario['template'][0], '', '', $recommendations_args );
	$recommendations = ob_get_clean();
}
if ( isset( $scenario['shortcode'] ) ) {
	$shortcode = new WC_Shortcode_Products( $scenario['shortcode']['type'], $scenario['shortcode']['attributes'] );
	apply_filters( 'woocommerce_shortcode_products_query_results', (object) $scenario['shortcode'], $shortcode );
	$recommendations = apply_filters( 'do_shortcode_tag', '<div class="woocommerce columns-4 "><ul class="products"></ul></div>', 'products', array() );
}
if ( isset( $scenario['product_block'] ) ) {
	$_GET            = $scenario['product_block']['get'] ?? array();
	// WP_Block::render: `render_block`, then the filter of the block's own name.
	$rendered        = array( 'blockName' => $scenario['product_block']['name'] ?? 'woocommerce/product-collection', 'attrs' => $scenario['product_block']['attrs'] );
	$recommendations = apply_filters( 'render_block', file_get_contents( __DIR__ . '/fixtures/' . $scenario['product_block']['html'] ), $rendered );
	$recommendations = apply_filters( 'render_block_' . $rendered['blockName'], $recommendations, $rendered );
}

// A product's add-to-cart markup (`add_to_cart_markup`: its id): the form's field, printed before its button, and the
// AJAX button's arguments, as WooCommerce's templates ask the plugin.
$add_to_cart_markup = null;
if ( isset( $scenario['add_to_cart_markup'] ) ) {
	$GLOBALS['product'] = wc_get_product( $scenario['add_to_cart_markup'] );
	ob_start();
	do_action( 'woocommerce_before_add_to_cart_button' );
	$add_to_cart_markup = array( 'form' => ob_get_clean(), 'button' => apply_filters( 'woocommerce_loop_add_to_cart_args', array( 'attributes' => array() ), $GLOBALS['product'] ) );
}

// A block theme renders the template, and so the Product Collection block, before wp_head.
$block = isset( $scenario['block'] ) ? apply_filters( 'render_block_woocommerce/product-collection', '<div class="wp-block-woocommerce-product-collection"><ul></ul></div>', array( 'attrs' => array( 'query' => array( 'inherit' => 'inherit' === $scenario['block'] ) ) ) ) : null;
ob_start();
do_action( 'wp_head' );
$head = ob_get_clean();
ob_start();
do_action( 'wp_footer' );
$footer = ob_get_clean();

$integrations = apply_filters( 'woocommerce_integrations', array() );
$settings     = array();
foreach ( $integrations as $class ) {
	$integration = new $class();
	foreach ( $integration->form_fields as $key => $field ) {
		$method           = 'generate_' . $field['type'] . '_html';
		$settings[ $key ] = method_exists( $integration, $method ) ? $integration->$method( $key, $field ) : $integration->generate_text_html( $key, $field );
	}
}

if ( isset( $scenario['retry'] ) ) {
	do_action( 'shopbeacon_send_events', $scenario['retry'][0], $scenario['retry'][1] );
}
do_action( 'rest_api_init' );
$rest_price = null;
if ( isset( $scenario['rest_price'] ) ) {
	$rest_price = call_user_func( $GLOBALS['sb_fields']['product']['shopbeacon_price']['get_callback'], array( 'id' => $scenario['rest_price'] ) );
}
$rest_order_lines = null;
if ( isset( $scenario['rest_order_lines'] ) ) {
	$lines            = array_map(
		static function ( $id ) {
			return array( 'product_id' => $id, 'quantity' => 1 );
		},
		$scenario['rest_order_lines']
	);
	$rest_order_lines = apply_filters( 'woocommerce_rest_prepare_shop_order_object', new WP_REST_Response( array( 'id' => 7001, 'line_items' => $lines ) ), null, null )->get_data()['line_items'];
}
$rest_product_ids = array();
foreach ( $scenario['rest_product_ids'] ?? array() as $id ) {
	$rest_product_ids[ $id ] = call_user_func( $GLOBALS['sb_fields']['product']['shopbeacon_product_id']['get_callback'], array( 'id' => $id ) );
}

$page_done = microtime( true );
do_action( 'shutdown' );
// Registered after the plugin's own shutdown function, so it prints what that one did.
register_shutdown_function(
	static function () use ( $head, $block, $footer, $settings, $page_done, $rest_price, $rest_product_ids, $rest_order_lines, $order_line_meta, $recommendations, $add_to_cart_markup ) {
		$ended = $GLOBALS['sb_response_ended_at'] ?? null;
		echo json_encode(
			array(
				'head'              => $head,
				'block'             => $block,
				'footer'            => $footer,
				'settings'          => $settings,
				'log'               => $GLOBALS['sb_log'],
				'actions'           => $GLOBALS['sb_actions'],
				'response_ended_ms' => null === $ended ? null : round( ( $ended - $page_done ) * 1000, 1 ),
				'rest_price'        => $rest_price,
				'rest_product_ids'  => (object) $rest_product_ids,
				'rest_order_lines'  => $rest_order_lines,
				'transients'        => $GLOBALS['sb_transients_set'] ?? array(),
				'features'          => $GLOBALS['sb_features'] ?? array(),
				'session'           => (object) $GLOBALS['sb_session'],
				'deleted_actions'   => $GLOBALS['sb_deleted_actions'] ?? array(),
				'action_queries'    => $GLOBALS['sb_action_queries'] ?? array(),
				'rescued_for'       => $GLOBALS['sb_options']['shopbeacon_rescued_for'] ?? null,
				'cookies_set'       => $GLOBALS['sb_cookies_set'] ?? array(),
				'consent_asked'     => $GLOBALS['sb_consent_asked'] ?? array(),
				'consent_api_registered' => function_exists( 'consent_api_registered' ) ? consent_api_registered( 'shopbeacon/shopbeacon.php' ) : null,
				'cart_contents'     => (object) WC()->cart->cart_contents,
				'order_line_meta'   => $order_line_meta,
				'recommendations'   => $recommendations,
				'add_to_cart_markup' => $add_to_cart_markup,
			)
		);
	}
);
