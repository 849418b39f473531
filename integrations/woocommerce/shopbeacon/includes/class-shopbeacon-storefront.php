<?php
defined( 'ABSPATH' ) || exit;

/**
 * The snippet on every storefront page: the stub (snippet/stub.js, so calls made before the
 * script loads are queued), the script tag from the relay's public path, `identify` for a
 * logged-in customer (their WordPress user id), `reset` once they logged out, `viewProduct`
 * on a product page, and the script that tells an add to cart what led to it (Shopbeacon_Attribution).
 */
class Shopbeacon_Storefront {
	/** snippet/stub.js, byte for byte (a test compares them). */
	const STUB = 'window.shopbeacon=window.shopbeacon||function(){(shopbeacon.q=shopbeacon.q||[]).push(arguments)}';

	/** @var Shopbeacon_Settings */
	private $settings;

	/** @var Shopbeacon_Consent */
	private $consent;

	public function __construct( Shopbeacon_Settings $settings, Shopbeacon_Consent $consent ) {
		$this->settings = $settings;
		$this->consent  = $consent;
	}

	public function register() {
		add_action( 'wp_head', array( $this, 'print_head' ), 1 );
	}

	public function print_head() {
		if ( is_admin() ) {
			return;
		}
		$src = $this->settings->public_path() . 'shopbeacon.js';
		echo '<script>' . self::STUB . ";\n" . $this->calls() . Shopbeacon_Attribution::SCRIPT . "</script>\n"; // phpcs:ignore WordPress.Security.EscapeOutput -- JSON encoded for a script element.
		echo '<script async src="' . esc_url( $src ) . '"' . $this->attributes() . '></script>' . "\n"; // phpcs:ignore WordPress.WP.EnqueuedResources,WordPress.Security.EscapeOutput -- the snippet must be async and first; attributes escaped below.
	}

	/** The snippet's options as its script tag takes them: consent (and the WP Consent API's category) and the cookie domain. */
	private function attributes() {
		$attributes = '';
		$mode       = $this->consent->mode();
		if ( Shopbeacon_Consent::FOLLOW_BANNER === $mode ) {
			$attributes .= ' data-consent="wp" data-consent-category="' . esc_attr( $this->settings->consent_category() ) . '"';
		} elseif ( 'required' === $mode ) {
			$attributes .= ' data-consent="required"';
		} elseif ( 'none' === $mode ) {
			$attributes .= ' data-respect-gpc="false"';
		}
		if ( '' !== $this->settings->cookie_domain() ) {
			$attributes .= ' data-cookie-domain="' . esc_attr( $this->settings->cookie_domain() ) . '"';
		}
		return $attributes;
	}

	/** The calls for this page, each a line of `shopbeacon(...)`. */
	private function calls() {
		$calls = array();
		if ( is_user_logged_in() ) {
			$calls[] = array( 'identify', (string) get_current_user_id() );
		} elseif ( Shopbeacon_Visitor::is_identified( $_COOKIE ) ) { // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- validated against the id patterns.
			$calls[] = array( 'reset' );
		}
		$product = function_exists( 'is_product' ) && is_product() && ! self::is_add_to_cart_post() ? wc_get_product( get_queried_object_id() ) : null;
		if ( $product ) {
			$fields = Shopbeacon_Product_Fields::of( $product );
			unset( $fields['quantity'] );
			$calls[] = array( 'viewProduct', $fields );
		}
		return implode( '', array_map( array( __CLASS__, 'call' ), $calls ) );
	}

	/**
	 * The product page as WooCommerce renders it again after its add-to-cart form was posted to it:
	 * the same view, not a new one (seen on a real 11.0.1: two views per product added from its page).
	 */
	private static function is_add_to_cart_post() {
		return isset( $_SERVER['REQUEST_METHOD'], $_REQUEST['add-to-cart'] ) && 'POST' === $_SERVER['REQUEST_METHOD']; // phpcs:ignore WordPress.Security.NonceVerification -- only read, WooCommerce handles the post.
	}

	/**
	 * One call of the snippet as a line of a script element: `shopbeacon("viewList",{…});`.
	 *
	 * @param array $call The command and its arguments.
	 */
	public static function call( array $call ) {
		return 'shopbeacon(' . substr( self::json( $call ), 1, -1 ) . ");\n";
	}

	/** JSON that cannot end the script element or open a comment in it. */
	public static function json( $value ) {
		return wp_json_encode( $value, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_UNESCAPED_SLASHES );
	}
}
