<?php
defined( 'ABSPATH' ) || exit;

/**
 * The checkout's part of the journey, from the server so both checkouts count:
 *
 * - `Checkout Started` when the checkout page is shown with a cart (`template_redirect`, the same
 *   for the classic shortcode and the Checkout block, which render on one page), with the cart's
 *   value, currency and items. Its event_id comes from the cart's contents (products and
 *   quantities, not the total, which a customer's address changes) and a random key the shopper's
 *   WooCommerce session keeps until an order is placed: reloading the page, and the page again
 *   once the shopper logged in or registered inside the checkout (WooCommerce carries a guest's
 *   session over to the customer; their visitor id changes), is a duplicate the relay drops; a
 *   changed cart, or the same cart again after an order, is a new start.
 * - `Order Completed` when an order is placed: `woocommerce_checkout_order_processed` (the classic
 *   checkout) and `woocommerce_store_api_checkout_order_processed` (the Checkout block's Store
 *   API). Its `order_id` is the one the relay's webhooks and sync send to `/v1/orders`, so the
 *   service joins the visitor's events to the order; its event_id comes from that id, once.
 *
 * A guest is not given another `user_id` at checkout: their anonymous id, joined to the order by
 * `order_id`, is them (an id made from the e-mail would be personal data in a cookie and a second
 * billed visitor). A shopper who registers at checkout is logged in by WooCommerce and identified
 * from the next page on, as every logged-in customer is.
 */
class Shopbeacon_Checkout_Events {
	/** The WooCommerce session value that holds the checkout's key. */
	const SESSION_KEY = 'shopbeacon_checkout';

	/** @var Shopbeacon_Tracker */
	private $tracker;

	public function __construct( Shopbeacon_Tracker $tracker ) {
		$this->tracker = $tracker;
	}

	public function register() {
		add_action( 'template_redirect', array( $this, 'checkout_shown' ) );
		add_action( 'woocommerce_checkout_order_processed', array( $this, 'classic_order_placed' ), 10, 3 );
		add_action( 'woocommerce_store_api_checkout_order_processed', array( $this, 'order_placed' ) );
	}

	/** The checkout page itself, not its order-received and order-pay endpoints. */
	public function checkout_shown() {
		if ( ! function_exists( 'is_checkout' ) || ! is_checkout() || is_wc_endpoint_url( 'order-received' ) || is_wc_endpoint_url( 'order-pay' ) ) {
			return;
		}
		$cart = function_exists( 'WC' ) ? WC()->cart : null;
		if ( ! $cart || $cart->is_empty() || null === $this->tracker->visitor() ) {
			return;
		}
		$items = array();
		foreach ( $cart->get_cart() as $line ) {
			$items[] = $this->item( $line['product_id'], isset( $line['variation_id'] ) ? $line['variation_id'] : 0, $line['quantity'], null, Shopbeacon_Attribution::of_line( $line ) );
		}
		$fields = array(
			'order_value' => (float) $cart->get_total( 'edit' ),
			'currency'    => get_woocommerce_currency(),
			'items'       => array_values( array_filter( $items ) ),
		);
		$this->tracker->send_once_per_session_key( 'Checkout Started', $fields, 'checkout|' . self::checkout_key() . '|' . self::contents( $cart ) );
	}

	/** The session's checkout key, made on its first checkout and dropped when it places an order. */
	private static function checkout_key() {
		$session = WC()->session;
		$key     = $session ? (string) $session->get( self::SESSION_KEY, '' ) : '';
		if ( '' === $key ) {
			$key = wp_generate_uuid4();
			if ( $session ) {
				$session->set( self::SESSION_KEY, $key );
			}
		}
		return $key;
	}

	/** The cart's products, variations and quantities, in order. */
	private static function contents( $cart ) {
		$lines = array();
		foreach ( $cart->get_cart() as $line ) {
			$lines[] = array( (int) $line['product_id'], isset( $line['variation_id'] ) ? (int) $line['variation_id'] : 0, (float) $line['quantity'] );
		}
		return wp_json_encode( $lines );
	}

	/** `do_action( 'woocommerce_checkout_order_processed', $order_id, $posted_data, $order )`. */
	public function classic_order_placed( $order_id, $posted_data = array(), $order = null ) {
		$this->order_placed( $order instanceof WC_Order ? $order : wc_get_order( $order_id ) );
	}

	/** `do_action( 'woocommerce_store_api_checkout_order_processed', $order )`. */
	public function order_placed( $order ) {
		if ( ! $order instanceof WC_Order ) {
			return;
		}
		// The cart checked out again after an order is another checkout, whether or not this one was tracked.
		$session = function_exists( 'WC' ) ? WC()->session : null;
		if ( $session ) {
			$session->set( self::SESSION_KEY, null );
		}
		if ( null === $this->tracker->visitor() ) {
			return;
		}
		$incl  = 'incl' === get_option( 'woocommerce_tax_display_cart' );
		$items = array();
		foreach ( $order->get_items() as $line ) {
			$items[] = $this->item( $line->get_product_id(), $line->get_variation_id(), $line->get_quantity(), (float) $order->get_item_subtotal( $line, $incl, true ), Shopbeacon_Attribution::of_order_line( $line ) );
		}
		$fields = array(
			'order_id'    => (int) $order->get_id(),
			'order_value' => (float) $order->get_total(),
			'currency'    => $order->get_currency(),
			'items'       => array_values( array_filter( $items ) ),
		);
		$this->tracker->send( 'Order Completed', $fields, 'order|' . $order->get_id() );
	}

	/** A line as a cart event's product fields; `$price` the line's own unit price when it has one (an order's), `$click` its listing. */
	private function item( $product_id, $variation_id, $quantity, $price, array $click ) {
		$product = wc_get_product( $product_id );
		if ( ! $product ) {
			return null;
		}
		$variation = $variation_id ? wc_get_product( $variation_id ) : null;
		$fields    = Shopbeacon_Product_Fields::of( $product, $variation ? $variation : null, $quantity );
		if ( null !== $price ) {
			$fields['price'] = $price;
		}
		return $fields + $click;
	}
}
