<?php
defined( 'ABSPATH' ) || exit;

/**
 * What led to a cart line: the listing its product was last clicked from in the shopper's session
 * (`list_id`, `position`, `query`). The click happens in the browser, which the plugin never sees:
 * the snippet remembers it in the page's own storage, under consent only, and a script of the
 * plugin's puts it in the add-to-cart request (`shopbeacon_click`, JSON) of the product form and
 * of WooCommerce's AJAX button; no cookie carries it, so nothing new is stored or sent on other
 * requests. The line keeps the attribution of its latest add, on the cart item (saved with the
 * cart's session) and then on the order's line item, so `Checkout Started` and `Order Completed`
 * name each line's listing.
 */
class Shopbeacon_Attribution {
	/** The add-to-cart request's field, and the cart item's key. */
	const FIELD = 'shopbeacon_click';

	/** The order line item's meta (hidden from the order screen by its underscore). */
	const META = '_shopbeacon_click';

	/**
	 * Fills `shopbeacon_click` in as the add is posted: the product form (its `add-to-cart` field
	 * names the product, a variable product's parent), and the AJAX button (`adding_to_cart`, whose
	 * request data WooCommerce lets handlers change). Empty when the snippet knows no click of this
	 * session for the product: an add without one names none. A product is asked for by the default
	 * language's id the plugin puts beside the form and on the button (a translated page's form and
	 * button name its own post, the clicks the default language's: Shopbeacon_Translations). An AJAX
	 * button of a listed product is a click in its listing, the first listing element after it that
	 * lists the product (each listing's element follows its products: Shopbeacon_Listing_Events,
	 * Shopbeacon_Recommendation_Lists), so an add from a related product's button names it.
	 */
	const SCRIPT = '(function(){function c(i){try{var v=shopbeacon("clickOf",+i);return v?JSON.stringify(v):""}catch(x){return""}}document.addEventListener("submit",function(e){var f=e.target,a=f.querySelector&&f.querySelector("[name=add-to-cart]");if(!a)return;var h=f.querySelector("input[name=' . self::FIELD . ']");if(!h){h=document.createElement("input");h.type="hidden";h.name="' . self::FIELD . '";f.appendChild(h)}h.value=c(h.getAttribute("data-product")||a.value)},true);function l(b,i){var s=document.querySelectorAll("script.' . Shopbeacon_Listing_Events::ELEMENT . '"),k,j,o;for(k=0;k<s.length;k++)if(b.compareDocumentPosition(s[k])&4)try{o=JSON.parse(s[k].textContent);for(j=0;j<o.products.length;j++)if(o.products[j].product_id==i)return{product_id:+i,list_id:o.list_id,position:o.products[j].position}}catch(x){}}document.addEventListener("DOMContentLoaded",function(){window.jQuery&&jQuery(document.body).on("adding_to_cart",function(e,b,d){if(!d)return;var i=d.shopbeacon_product||d.product_id,k=b&&b[0]&&l(b[0],i);try{k&&shopbeacon("click",k)}catch(x){}d.' . self::FIELD . '=c(i)})})})();';

	public function register() {
		add_action( 'woocommerce_checkout_create_order_line_item', array( $this, 'onto_order_line' ), 10, 3 );
		add_action( 'woocommerce_before_add_to_cart_button', array( $this, 'print_form_field' ) );
		add_filter( 'woocommerce_loop_add_to_cart_args', array( $this, 'button_args' ), 10, 2 );
	}

	/** The product form's field, naming the product as the clicks do; the script fills its value in. */
	public function print_form_field() {
		global $product;
		if ( $product instanceof WC_Product ) {
			echo '<input type="hidden" name="' . esc_attr( self::FIELD ) . '" value="" data-product="' . esc_attr( (string) Shopbeacon_Translations::product_id( $product->get_id() ) ) . '">';
		}
	}

	/**
	 * `apply_filters( 'woocommerce_loop_add_to_cart_args', $args, $product )`: the AJAX button names
	 * the product as the clicks do (WooCommerce posts every `data-` attribute of the button).
	 */
	public function button_args( $args, $product = null ) {
		if ( is_array( $args ) && $product instanceof WC_Product ) {
			$args['attributes']['data-shopbeacon_product'] = Shopbeacon_Translations::product_id( $product->get_id() );
		}
		return $args;
	}

	/**
	 * What the add-to-cart request says: a click, `false` when the browser knows none (an empty
	 * field: the add names none), null when it says nothing (a quantity changed on the cart page, the
	 * Store API): the line keeps its own.
	 */
	public static function from_request() {
		if ( ! isset( $_REQUEST[ self::FIELD ] ) || ! is_string( $_REQUEST[ self::FIELD ] ) ) { // phpcs:ignore WordPress.Security.NonceVerification -- read as WooCommerce's own add-to-cart fields are, validated below.
			return null;
		}
		$click = self::valid( json_decode( wp_unslash( $_REQUEST[ self::FIELD ] ), true ) ); // phpcs:ignore WordPress.Security.NonceVerification,WordPress.Security.ValidatedSanitizedInput -- validated field by field.
		return null === $click ? false : $click;
	}

	/** The catalogue's fields of a click (relay/contract/event-catalogue.ts PRODUCT_FIELDS), or null: a position or a query alone names nothing. */
	public static function valid( $click ) {
		if ( ! is_array( $click ) || ! self::is_label( $click['list_id'] ?? null ) ) {
			return null;
		}
		$valid    = array( 'list_id' => $click['list_id'] );
		$position = $click['position'] ?? null;
		if ( is_int( $position ) && $position >= 1 && $position <= 1000000 ) {
			$valid['position'] = $position;
		}
		if ( self::is_label( $click['query'] ?? null ) ) {
			$valid['query'] = $click['query'];
		}
		return $valid;
	}

	/** Text of 1 to 256 characters with no control character: what the relay takes as a label. */
	private static function is_label( $text ) {
		return is_string( $text ) && 1 === preg_match( '/^[^\x{0}-\x{8}\x{B}\x{C}\x{E}-\x{1F}\x{7F}-\x{9F}]{1,256}$/u', $text );
	}

	/**
	 * Records what this add says on the cart line and answers the line's attribution after it.
	 *
	 * @param object|null $cart The cart (WC_Cart), its line at `$key` just added or raised.
	 * @param string      $key  The cart item key.
	 */
	public static function add_to_line( $cart, $key ) {
		$said = self::from_request();
		if ( ! is_object( $cart ) || ! isset( $cart->cart_contents[ $key ] ) ) {
			return $said ? $said : array();
		}
		if ( null !== $said ) {
			$cart->cart_contents[ $key ][ self::FIELD ] = $said;
		}
		return self::of_line( $cart->cart_contents[ $key ] );
	}

	/** A cart line's attribution, as product fields (none for a line added without a click). */
	public static function of_line( $line ) {
		$click = is_array( $line ) && isset( $line[ self::FIELD ] ) ? self::valid( $line[ self::FIELD ] ) : null;
		return null === $click ? array() : $click;
	}

	/** An order line's attribution, as its cart line had it. */
	public static function of_order_line( $item ) {
		$click = is_object( $item ) && method_exists( $item, 'get_meta' ) ? self::valid( $item->get_meta( self::META ) ) : null;
		return null === $click ? array() : $click;
	}

	/**
	 * `do_action( 'woocommerce_checkout_create_order_line_item', $item, $cart_item_key, $values, $order )`:
	 * the classic checkout's and the Store API's alike.
	 */
	public function onto_order_line( $item, $cart_item_key, $values ) {
		$click = self::of_line( $values );
		if ( array() !== $click && is_object( $item ) && method_exists( $item, 'add_meta_data' ) ) {
			$item->add_meta_data( self::META, $click, true );
		}
	}
}
