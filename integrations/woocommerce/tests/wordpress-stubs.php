<?php
/**
 * The WordPress and WooCommerce functions the plugin calls, as small stand-ins that behave as
 * their documentation says (hooks run in priority order with `accepted_args`, options read from
 * an array, `wp_remote_post` a real HTTP request). Only the plugin's own tests load this.
 */

define( 'ABSPATH', __DIR__ . '/' );
define( 'HOUR_IN_SECONDS', 3600 );
define( 'DAY_IN_SECONDS', 86400 );

$GLOBALS['sb_hooks']   = array();
$GLOBALS['sb_options'] = array();
$GLOBALS['sb_user_id'] = 0;
$GLOBALS['sb_queried'] = 0;
$GLOBALS['sb_log']     = array();
$GLOBALS['sb_actions'] = array();
$GLOBALS['sb_fields']  = array();
$GLOBALS['sb_no_fpm']  = false;

/**
 * PHP-FPM's end of the response: the shopper has the page from here on. Under `php -S` and the
 * CLI it only marks the moment, and a scenario may say the server has no such call (mod_php).
 */
function fastcgi_finish_request() {
	if ( $GLOBALS['sb_no_fpm'] ) {
		return false;
	}
	$GLOBALS['sb_response_ended_at'] = microtime( true );
	return true;
}

/** Action Scheduler's call, as WooCommerce ships it: what the plugin schedules is kept for the test to read. */
/** As Action Scheduler's store (ActionScheduler_DBStore::validate_args): arguments over 8,000 characters of JSON are refused. */
function as_schedule_single_action( $timestamp, $hook, $args = array(), $group = '' ) {
	if ( strlen( (string) wp_json_encode( $args ) ) > 8000 ) {
		throw new InvalidArgumentException( 'ActionScheduler_Action::$args too long. To ensure the args column can be indexed, action args should not be more than 8000 characters when encoded as JSON.' );
	}
	$GLOBALS['sb_actions'][] = array( 'in' => $timestamp - time(), 'hook' => $hook, 'args' => $args, 'group' => $group );
	return count( $GLOBALS['sb_actions'] );
}

/** Action Scheduler's store of the failed actions a scenario gives (`failed_actions`: id => args); what was deleted is kept. */
class ActionScheduler_Store {
	const STATUS_FAILED = 'failed';
	public function fetch_action( $id ) {
		$args = $GLOBALS['sb_failed_actions'][ $id ];
		return new class( $args ) {
			private $args;
			public function __construct( $args ) {
				$this->args = $args;
			}
			public function get_args() {
				return $this->args;
			}
		};
	}
	public function delete_action( $id ) {
		unset( $GLOBALS['sb_failed_actions'][ $id ] );
		$GLOBALS['sb_deleted_actions'][] = $id;
	}
}

class ActionScheduler {
	public static function store() {
		return new ActionScheduler_Store();
	}
}

/** The query is kept for the test to read; the failed actions' ids come back. */
function as_get_scheduled_actions( $args = array(), $return_format = 'OBJECT' ) {
	$GLOBALS['sb_action_queries'][] = $args;
	if ( 'pending' === ( $args['status'] ?? '' ) ) {
		return array_slice( range( 1, max( 1, $GLOBALS['sb_pending_actions'] ?? 0 ) ), 0, $GLOBALS['sb_pending_actions'] ?? 0 );
	}
	return 'failed' === ( $args['status'] ?? '' ) ? array_keys( $GLOBALS['sb_failed_actions'] ?? array() ) : array();
}

/** As WordPress's: the plugin's path from the plugins folder (`shopbeacon/shopbeacon.php`). */
function plugin_basename( $file ) {
	return basename( dirname( $file ) ) . '/' . basename( $file );
}

function __return_true() {
	return true;
}

function register_activation_hook( $file, $callback ) {
	$GLOBALS['sb_activation'] = $callback;
}

function update_option( $name, $value ) {
	$GLOBALS['sb_options'][ $name ] = $value;
	return true;
}

/** Transients as options that expire (the stand-in's options live for one request, unless a scenario passes them in). */
function get_transient( $name ) {
	return $GLOBALS['sb_options'][ '_transient_' . $name ] ?? false;
}

function set_transient( $name, $value, $expiration = 0 ) {
	$GLOBALS['sb_options'][ '_transient_' . $name ] = $value;
	$GLOBALS['sb_transients_set'][ $name ]          = $expiration;
	return true;
}

function delete_option( $name ) {
	unset( $GLOBALS['sb_options'][ $name ] );
	return true;
}

function as_unschedule_all_actions( $hook, $args = array(), $group = '' ) {
	$GLOBALS['sb_unscheduled'][]    = array( $hook, $group );
	$GLOBALS['sb_unscheduled_on'][] = $GLOBALS['sb_blog_id'] ?? 1;
}

/** A multisite network when the scenario gives `sites` (id => that site's options): each site's options are its own, as each has its own table. */
function is_multisite() {
	return isset( $GLOBALS['sb_sites'] );
}

function get_sites( $args = array() ) {
	return array_map( 'intval', array_keys( $GLOBALS['sb_sites'] ) );
}

function switch_to_blog( $id ) {
	$GLOBALS['sb_sites'][ $GLOBALS['sb_blog_id'] ] = $GLOBALS['sb_options'];
	$GLOBALS['sb_blog_stack'][]                    = $GLOBALS['sb_blog_id'];
	$GLOBALS['sb_blog_id']                         = $id;
	$GLOBALS['sb_options']                         = $GLOBALS['sb_sites'][ $id ];
	return true;
}

function restore_current_blog() {
	$GLOBALS['sb_sites'][ $GLOBALS['sb_blog_id'] ] = $GLOBALS['sb_options'];
	$GLOBALS['sb_blog_id']                         = array_pop( $GLOBALS['sb_blog_stack'] );
	$GLOBALS['sb_options']                         = $GLOBALS['sb_sites'][ $GLOBALS['sb_blog_id'] ];
	return true;
}

function delete_transient( $name ) {
	unset( $GLOBALS['sb_options'][ '_transient_' . $name ] );
	return true;
}

function register_rest_field( $object_types, $attribute, $args ) {
	foreach ( (array) $object_types as $type ) {
		$GLOBALS['sb_fields'][ $type ][ $attribute ] = $args;
	}
}

function wp_generate_uuid4() {
	$hex = bin2hex( random_bytes( 16 ) );
	return substr( $hex, 0, 8 ) . '-' . substr( $hex, 8, 4 ) . '-4' . substr( $hex, 13, 3 ) . '-a' . substr( $hex, 17, 3 ) . '-' . substr( $hex, 20, 12 );
}

function esc_attr( $text ) {
	return htmlspecialchars( (string) $text, ENT_QUOTES, 'UTF-8' );
}

function add_action( $hook, $callback, $priority = 10, $accepted_args = 1 ) {
	$GLOBALS['sb_hooks'][ $hook ][ $priority ][] = array( $callback, $accepted_args );
	return true;
}

function add_filter( $hook, $callback, $priority = 10, $accepted_args = 1 ) {
	return add_action( $hook, $callback, $priority, $accepted_args );
}

/** Runs the hook's callbacks in priority order; later-added same-priority callbacks too (as WP_Hook does). */
function do_action( $hook, ...$args ) {
	for ( $done = array(); isset( $GLOBALS['sb_hooks'][ $hook ] ); ) {
		$next = null;
		foreach ( $GLOBALS['sb_hooks'][ $hook ] as $priority => $callbacks ) {
			foreach ( $callbacks as $index => $callback ) {
				if ( ! isset( $done[ "$priority/$index" ] ) && ( null === $next || $priority < $next[0] ) ) {
					$next = array( $priority, $index, $callback );
				}
			}
		}
		if ( null === $next ) {
			return;
		}
		$done[ "{$next[0]}/{$next[1]}" ] = true;
		call_user_func_array( $next[2][0], array_slice( $args, 0, $next[2][1] ) );
	}
}

function has_filter( $hook ) {
	return ! empty( $GLOBALS['sb_hooks'][ $hook ] );
}

function apply_filters( $hook, $value, ...$args ) {
	foreach ( $GLOBALS['sb_hooks'][ $hook ] ?? array() as $callbacks ) {
		foreach ( $callbacks as $callback ) {
			$value = call_user_func_array( $callback[0], array_slice( array_merge( array( $value ), $args ), 0, max( 1, $callback[1] ) ) );
		}
	}
	return $value;
}

function is_ssl() {
	return ! empty( $GLOBALS['sb_ssl'] );
}

/** As WordPress's: text that is not UTF-8 is refused whole (wp_check_invalid_utf8), then tags and runs of whitespace go. */
function sanitize_text_field( $text ) {
	if ( 1 !== preg_match( '//u', (string) $text ) ) {
		return '';
	}
	return trim( preg_replace( '/[\r\n\t ]+/', ' ', wp_strip_all_tags( (string) $text ) ) );
}

function wp_strip_all_tags( $text ) {
	return strip_tags( $text );
}

/** WooCommerce's wc_setcookie (6.7+): its options through `woocommerce_set_cookie_options`, recorded as the response would set them. */
function wc_setcookie( $name, $value, $expire = 0, $secure = false, $httponly = false ) {
	$options = apply_filters(
		'woocommerce_set_cookie_options',
		array(
			'expires'  => $expire,
			'secure'   => $secure,
			'path'     => '/shop/',
			'domain'   => '',
			'httponly' => $httponly,
		),
		$name,
		$value
	);
	$GLOBALS['sb_cookies_set'][] = array( 'name' => $name, 'value' => $value, 'options' => $options );
}

function get_option( $name, $default = false ) {
	return $GLOBALS['sb_options'][ $name ] ?? $default;
}

/** The customer's paid orders, as WooCommerce counts them: a scenario's `order_count`. */
function wc_get_customer_order_count( $user_id ) {
	return $GLOBALS['sb_order_count'] ?? 0;
}

function is_user_logged_in() {
	return $GLOBALS['sb_user_id'] > 0;
}

function get_current_user_id() {
	return $GLOBALS['sb_user_id'];
}

function is_admin() {
	return false;
}

function is_product() {
	return $GLOBALS['sb_queried'] > 0;
}

function get_queried_object_id() {
	return $GLOBALS['sb_queried'];
}

function esc_url( $url ) {
	return htmlspecialchars( $url, ENT_QUOTES );
}

function wp_json_encode( $value, $flags = 0 ) {
	return json_encode( $value, $flags );
}

function wp_unslash( $value ) {
	return stripslashes( $value );
}

function get_woocommerce_currency() {
	return 'EUR';
}

class WP_Error {
	private $message;
	public function __construct( $code, $message ) {
		$this->message = $message;
	}
	public function get_error_message() {
		return $this->message;
	}
}

/** A REST answer, as far as a `woocommerce_rest_prepare_*` filter reads and writes it. */
class WP_REST_Response {
	private $data;
	public function __construct( $data ) {
		$this->data = $data;
	}
	public function get_data() {
		return $this->data;
	}
	public function set_data( $data ) {
		$this->data = $data;
	}
}

function is_wp_error( $thing ) {
	return $thing instanceof WP_Error;
}

/** A real POST through PHP's HTTP stream wrapper, answering as WordPress's HTTP API does. */
function wp_remote_post( $url, $args ) {
	$headers = '';
	foreach ( $args['headers'] as $name => $value ) {
		$headers .= "$name: $value\r\n";
	}
	$context = stream_context_create( array( 'http' => array( 'method' => 'POST', 'header' => $headers, 'content' => $args['body'], 'timeout' => $args['timeout'], 'ignore_errors' => true ) ) );
	$body    = @file_get_contents( $url, false, $context );
	if ( false === $body ) {
		return new WP_Error( 'http_request_failed', 'cURL error 7: Failed to connect to ' . parse_url( $url, PHP_URL_HOST ) . ' port ' . parse_url( $url, PHP_URL_PORT ) );
	}
	preg_match( '#^HTTP/\S+ (\d+)#', $http_response_header[0], $status );
	return array( 'response' => array( 'code' => (int) $status[1] ), 'body' => $body );
}

function wp_remote_retrieve_response_code( $response ) {
	return $response['response']['code'];
}

/** WooCommerce's logger: what the plugin logs is kept for the test to read. */
class WC_Logger_Stand_In {
	public function warning( $message, $context ) {
		$GLOBALS['sb_log'][] = array( 'level' => 'warning', 'message' => $message, 'source' => $context['source'] ?? '' );
	}
	public function info( $message, $context ) {
		$GLOBALS['sb_log'][] = array( 'level' => 'info', 'message' => $message, 'source' => $context['source'] ?? '' );
	}
}

function wc_get_logger() {
	return new WC_Logger_Stand_In();
}

function get_term( $id, $taxonomy ) {
	$terms = array( 7 => 'Kitchen', 8 => 'Shirts', 9 => 'Tea &amp; Coffee', 17 => 'Tea &amp; Coffee', 32 => 'Tee &amp; Kaffee' );
	return isset( $terms[ $id ] ) && 'product_cat' === $taxonomy ? new WP_Term( $id, $taxonomy, $terms[ $id ] ) : null;
}

function wp_get_attachment_image_url( $id, $size ) {
	return "https://shop.example/wp-content/uploads/2026/11/image-$id.jpg";
}

/** A product as WC_Product answers: display price with tax when the shop shows it so (`woocommerce_tax_display_shop`). */
class WC_Product {
	private $data;
	public function __construct( array $data ) {
		$this->data = $data;
	}
	public function get_id() {
		return $this->data['id'];
	}
	public function get_name() {
		return $this->data['name'];
	}
	public function get_permalink() {
		return $this->data['permalink'];
	}
	public function get_image_id() {
		return $this->data['image_id'] ?? 0;
	}
	public function get_category_ids() {
		return $this->data['category_ids'] ?? array();
	}
	public function get_price() {
		return $this->data['price'];
	}
}

/** Prices shown with 19 % tax when the shop displays them so, as `wc_get_price_to_display` does. */
function wc_get_price_to_display( $product ) {
	$price = (float) $product->get_price();
	return 'incl' === get_option( 'woocommerce_tax_display_shop', 'excl' ) ? round( $price * 1.19, 2 ) : $price;
}

function wc_get_product( $id ) {
	$catalog = array(
		42 => array( 'id' => 42, 'name' => 'Teapot', 'permalink' => 'https://shop.example/product/teapot/', 'image_id' => 900, 'category_ids' => array( 7 ), 'price' => '24.50' ),
		43 => array( 'id' => 43, 'name' => 'Mug </script><script>alert(1)</script>', 'permalink' => 'https://shop.example/product/mug/', 'price' => '9' ),
		50 => array( 'id' => 50, 'name' => 'Tee', 'permalink' => 'https://shop.example/product/tee/', 'image_id' => 901, 'category_ids' => array( 8 ), 'price' => '15' ),
		44 => array( 'id' => 44, 'name' => 'Earl Grey &ndash; loose', 'permalink' => 'https://shop.example/product/earl-grey/', 'image_id' => 903, 'category_ids' => array( 9 ), 'price' => '5.50' ),
		// A shop in two languages (Polylang, WPML): the German post of a product, and the English one.
		154 => array( 'id' => 154, 'name' => 'Becher', 'permalink' => 'https://shop.example/de/product/becher/', 'image_id' => 904, 'category_ids' => array( 32 ), 'price' => '9' ),
		18 => array( 'id' => 18, 'name' => 'Mug', 'permalink' => 'https://shop.example/product/mug/', 'image_id' => 904, 'category_ids' => array( 17 ), 'price' => '9' ),
		51 => array( 'id' => 51, 'name' => 'Tee - Large', 'permalink' => 'https://shop.example/product/tee/?attribute_size=Large', 'image_id' => 902, 'price' => '17' ),
	);
	// The products of the real WooCommerce 11.0.1 shop whose blocks tests/fixtures holds, as its pages showed them.
	$captured = json_decode( (string) file_get_contents( __DIR__ . '/fixtures/real-shop-products.json' ), true );
	$catalog += array_combine( array_map( 'intval', array_keys( $captured ) ), array_values( $captured ) );
	return isset( $catalog[ $id ] ) ? new WC_Product( $catalog[ $id ] ) : false;
}

/** WooCommerce's admin notices: a refused setting's message is kept for the test to read. */
class WC_Admin_Settings {
	public static function add_error( $text ) {
		$GLOBALS['sb_log'][] = array( 'level' => 'admin-error', 'message' => $text, 'source' => 'settings' );
	}
}

/** WooCommerce's settings API as far as the integration uses it. */
abstract class WC_Integration {
	public $id;
	public $method_title;
	public $method_description;
	public $form_fields = array();
	public $settings    = array();
	public function init_settings() {
		$this->settings = get_option( 'woocommerce_' . $this->id . '_settings', array() );
	}
	public function get_option( $key ) {
		return $this->settings[ $key ] ?? ( $this->form_fields[ $key ]['default'] ?? '' );
	}
	/** The field and its description below it, as WC_Settings_API::get_description_html prints it. */
	public function generate_text_html( $key, $data ) {
		$description = isset( $data['description'] ) ? '<p class="description">' . $data['description'] . '</p>' : '';
		return '<input type="' . ( $data['type'] ?? 'text' ) . '" name="woocommerce_' . $this->id . '_' . $key . '" value="' . htmlspecialchars( $this->get_option( $key ), ENT_QUOTES ) . '" placeholder="' . htmlspecialchars( $data['placeholder'] ?? '', ENT_QUOTES ) . '">' . $description;
	}
}

/** The page the scenario is on: `checkout` (the checkout page), `order-received`, or none. */
function is_checkout() {
	return in_array( $GLOBALS['sb_page'] ?? '', array( 'checkout', 'order-received' ), true );
}

function is_wc_endpoint_url( $endpoint = false ) {
	return 'order-received' === ( $GLOBALS['sb_page'] ?? '' ) && 'order-received' === $endpoint;
}

/** WC_Cart as far as the plugin reads it: lines (a fourth element is the line's attribution, as the plugin keeps it), the total and the hash of its contents and total (as WC_Cart::get_cart_hash). */
class WC_Cart {
	private $lines;
	public $cart_contents = array();
	public function __construct( array $lines ) {
		$this->lines = $lines;
		foreach ( $lines as $line ) {
			$item = array( 'product_id' => $line[0], 'quantity' => $line[1], 'variation_id' => $line[2] ?? 0 );
			if ( isset( $line[3] ) ) {
				$item['shopbeacon_click'] = $line[3];
			}
			$this->cart_contents[ md5( wp_json_encode( $line ) ) ] = $item;
		}
	}
	public function is_empty() {
		return empty( $this->lines );
	}
	public function get_cart() {
		return $this->cart_contents;
	}
	public function get_total( $context = 'view' ) {
		$total = 0;
		foreach ( $this->lines as $line ) {
			$product = wc_get_product( $line[2] ?? 0 ) ? wc_get_product( $line[2] ) : wc_get_product( $line[0] );
			$total  += wc_get_price_to_display( $product ) * $line[1];
		}
		return 'edit' === $context ? (string) round( $total, 2 ) : '<span>' . $total . '</span>';
	}
	public function get_cart_hash() {
		return md5( wp_json_encode( $this->lines ) . $this->get_total( 'edit' ) );
	}
}

/** WC_Session as far as the plugin uses it: values kept in `$GLOBALS['sb_session']`, which the scenario gives and prints. */
class WC_Session_Stub {
	public function get( $key, $fallback = null ) {
		return $GLOBALS['sb_session'][ $key ] ?? $fallback;
	}
	public function set( $key, $value ) {
		$GLOBALS['sb_session'][ $key ] = $value;
	}
}

/** One WooCommerce for the request: its cart is the scenario's `cart`, kept as the plugin changes it. */
function WC() {
	if ( ! isset( $GLOBALS['sb_wc'] ) ) {
		$GLOBALS['sb_wc']          = new stdClass();
		$GLOBALS['sb_wc']->cart    = new WC_Cart( $GLOBALS['sb_cart'] ?? array() );
		$GLOBALS['sb_wc']->session = new WC_Session_Stub();
	}
	return $GLOBALS['sb_wc'];
}

/** An order line: product, variation, quantity, the unit price paid, and its `_shopbeacon_click` meta. */
class WC_Order_Item_Product {
	public $data;
	public $meta = array();
	public function get_meta( $key ) {
		return '_shopbeacon_click' === $key ? ( $this->data[4] ?? '' ) : ( $this->meta[ $key ] ?? '' );
	}
	public function add_meta_data( $key, $value, $unique = false ) {
		$this->meta[ $key ] = $value;
	}
	public function __construct( array $data ) {
		$this->data = $data;
	}
	public function get_product_id() {
		return $this->data[0];
	}
	public function get_quantity() {
		return $this->data[1];
	}
	public function get_variation_id() {
		return $this->data[2] ?? 0;
	}
}

/** WC_Order as far as the plugin reads it; `get_item_subtotal` as WooCommerce computes it (with tax on request). */
class WC_Order {
	private $data;
	public function __construct( array $data ) {
		$this->data = $data;
	}
	public function get_id() {
		return $this->data['id'];
	}
	public function get_total() {
		return (string) $this->data['total'];
	}
	public function get_currency() {
		return $this->data['currency'];
	}
	public function get_items() {
		return array_map(
			static function ( $line ) {
				return new WC_Order_Item_Product( $line );
			},
			$this->data['lines']
		);
	}
	public function get_item_subtotal( $item, $inc_tax = false, $round = true ) {
		$price = $item->data[3];
		return $inc_tax ? round( $price * 1.19, 2 ) : $price;
	}
}

function wc_get_order( $id ) {
	$order = $GLOBALS['sb_order'] ?? null;
	return $order && $order['id'] === $id ? new WC_Order( $order ) : false;
}

/** A term: a product's category, or the one a product taxonomy page shows. */
class WP_Term {
	public $term_id;
	public $taxonomy;
	public $name;
	public function __construct( $term_id, $taxonomy, $name ) {
		$this->term_id  = $term_id;
		$this->taxonomy = $taxonomy;
		$this->name     = $name;
	}
}

/** The main query of a listing the scenario describes (`listing`): its posts, vars and count. */
class WP_Query {
	public $posts       = array();
	public $found_posts = 0;
	private $vars;
	public function __construct( array $listing ) {
		$this->posts       = array_map(
			static function ( $id ) {
				return (object) array( 'ID' => $id );
			},
			$listing['posts'] ?? array()
		);
		$this->found_posts = $listing['found'] ?? count( $this->posts );
		$this->vars        = array(
			'paged'          => $listing['paged'] ?? 0,
			'posts_per_page' => $listing['per_page'] ?? 16,
			'post_type'      => $listing['post_type'] ?? '',
			's'              => $listing['query'] ?? '',
		);
	}
	public function get( $name ) {
		return $this->vars[ $name ] ?? '';
	}
}

function sb_listing() {
	return $GLOBALS['sb_listing'] ?? array();
}

function is_search() {
	return 'search' === ( sb_listing()['type'] ?? '' );
}

function get_query_var( $name ) {
	return $GLOBALS['wp_query']->get( $name );
}

function get_search_query( $escaped = true ) {
	return get_query_var( 's' );
}

function is_shop() {
	return in_array( sb_listing()['type'] ?? '', array( 'shop', 'search' ), true );
}

function is_product_taxonomy() {
	return in_array( sb_listing()['type'] ?? '', array( 'product_cat', 'product_tag' ), true );
}

function get_queried_object() {
	$listing = sb_listing();
	return new WP_Term( $listing['term_id'] ?? 0, $listing['type'] ?? '', $listing['name'] ?? '' );
}

function wc_get_page_id( $page ) {
	return 5;
}

function get_the_title( $id ) {
	return 'Shop &amp; more';
}

/** The products shortcode as far as the plugin reads it: its type and attributes. */
class WC_Shortcode_Products {
	private $type;
	private $attributes;
	public function __construct( $type, array $attributes ) {
		$this->type       = $type;
		$this->attributes = $attributes;
	}
	public function get_type() {
		return $this->type;
	}
	public function get_attributes() {
		return $this->attributes;
	}
}

/**
 * WordPress's tag processor (6.2), as far as the plugin uses it: the first tag, comments skipped,
 * and a new attribute on it, written after the tag's name with its value escaped, as WordPress
 * writes one the tag lacks.
 */
class WP_HTML_Tag_Processor {
	private $html;
	private $name_end = null;
	public function __construct( $html ) {
		$this->html = $html;
	}
	public function next_tag() {
		preg_match_all( '/<!--.*?-->|<[a-zA-Z][^\s\/>]*/s', $this->html, $tags, PREG_OFFSET_CAPTURE );
		foreach ( $tags[0] as list( $tag, $at ) ) {
			if ( '<!--' !== substr( $tag, 0, 4 ) ) {
				$this->name_end = $at + strlen( $tag );
				return true;
			}
		}
		return false;
	}
	public function set_attribute( $name, $value ) {
		if ( null === $this->name_end ) {
			return false;
		}
		$this->html = substr_replace( $this->html, ' ' . $name . '="' . esc_attr( $value ) . '"', $this->name_end, 0 );
		return true;
	}
	public function get_updated_html() {
		return $this->html;
	}
}
