<?php
defined( 'ABSPATH' ) || exit;

/**
 * Cart events from the server: `woocommerce_add_to_cart` fires for every way a product enters the
 * cart (the classic AJAX button, the Store API of the block themes, a plain form post),
 * `woocommerce_after_cart_item_quantity_update` for more or less of a line already there (the
 * Store API's repeat add and its quantity change fire nothing else: seen on a real 9.2.5), and
 * `woocommerce_cart_item_removed` for every way out, where a script on the page sees only some.
 * The orders themselves are not sent from here: the relay's webhooks and sync carry them. An add
 * names the listing its product was last clicked from (Shopbeacon_Attribution), a removal the line's.
 */
class Shopbeacon_Cart_Events {
	/** @var Shopbeacon_Tracker */
	private $tracker;

	/** @var bool[] Lines whose quantity change was sent in this request, by cart item key. */
	private $changed = array();

	public function __construct( Shopbeacon_Tracker $tracker ) {
		$this->tracker = $tracker;
	}

	public function register() {
		add_action( 'woocommerce_add_to_cart', array( $this, 'added' ), 10, 6 );
		add_action( 'woocommerce_after_cart_item_quantity_update', array( $this, 'quantity_changed' ), 10, 4 );
		add_action( 'woocommerce_cart_item_removed', array( $this, 'removed' ), 10, 2 );
	}

	/** `do_action( 'woocommerce_add_to_cart', $cart_item_key, $product_id, $quantity, $variation_id, $variation, $cart_item_data )`. */
	public function added( $cart_item_key, $product_id, $quantity, $variation_id = 0, $variation = array(), $cart_item_data = array() ) {
		$click = Shopbeacon_Attribution::add_to_line( function_exists( 'WC' ) ? WC()->cart : null, $cart_item_key );
		// The classic add of a product already in the cart changes the line's quantity first: sent then.
		if ( isset( $this->changed[ $cart_item_key ] ) ) {
			return;
		}
		$this->track( 'Added To Cart', $product_id, $variation_id, $quantity, $click );
	}

	/** `do_action( 'woocommerce_after_cart_item_quantity_update', $cart_item_key, $quantity, $old_quantity, $cart )`: the difference, up or down. */
	public function quantity_changed( $cart_item_key, $quantity, $old_quantity = 0, $cart = null ) {
		$item  = is_object( $cart ) && isset( $cart->cart_contents[ $cart_item_key ] ) ? $cart->cart_contents[ $cart_item_key ] : null;
		$delta = (int) $quantity - (int) $old_quantity;
		if ( ! is_array( $item ) || 0 === $delta ) {
			return;
		}
		$this->changed[ $cart_item_key ] = true;
		$click                           = $delta > 0 ? Shopbeacon_Attribution::add_to_line( $cart, $cart_item_key ) : Shopbeacon_Attribution::of_line( $item );
		$this->track( $delta > 0 ? 'Added To Cart' : 'Removed From Cart', $item['product_id'], isset( $item['variation_id'] ) ? $item['variation_id'] : 0, abs( $delta ), $click );
	}

	/** `do_action( 'woocommerce_cart_item_removed', $cart_item_key, $cart )`: the item is in `removed_cart_contents`. */
	public function removed( $cart_item_key, $cart ) {
		$item = isset( $cart->removed_cart_contents[ $cart_item_key ] ) ? $cart->removed_cart_contents[ $cart_item_key ] : null;
		if ( is_array( $item ) ) {
			$this->track( 'Removed From Cart', $item['product_id'], isset( $item['variation_id'] ) ? $item['variation_id'] : 0, $item['quantity'], Shopbeacon_Attribution::of_line( $item ) );
		}
	}

	private function track( $event_name, $product_id, $variation_id, $quantity, array $click ) {
		$product = null === $this->tracker->visitor() ? null : wc_get_product( $product_id );
		if ( ! $product ) {
			return;
		}
		$variation = $variation_id ? wc_get_product( $variation_id ) : null;
		$this->tracker->send( $event_name, Shopbeacon_Product_Fields::of( $product, $variation ? $variation : null, $quantity ) + $click );
	}
}
