<?php
defined( 'ABSPATH' ) || exit;

/**
 * The plugin's settings, as the Integration page saves them (option
 * `woocommerce_shopbeacon_settings`), with their defaults.
 */
class Shopbeacon_Settings {
	const OPTION = 'woocommerce_shopbeacon_settings';

	/** Where browsers reach the relay: a path on the shop's origin (the README's nginx block). */
	const DEFAULT_PUBLIC_PATH = '/sb/';

	/** Where this server reaches the relay: beside it, on loopback. */
	const DEFAULT_LOCAL_URL = 'http://127.0.0.1:8787';

	private function value( $key, $fallback ) {
		$settings = get_option( self::OPTION, array() );
		$value    = is_array( $settings ) && isset( $settings[ $key ] ) ? trim( (string) $settings[ $key ] ) : '';
		return '' === $value ? $fallback : $value;
	}

	/** The relay's public path (or URL), ending in one `/`. */
	public function public_path() {
		return rtrim( $this->value( 'public_path', self::DEFAULT_PUBLIC_PATH ), '/' ) . '/';
	}

	/** The relay's local address, without a trailing `/`. */
	public function local_url() {
		return rtrim( $this->value( 'local_url', self::DEFAULT_LOCAL_URL ), '/' );
	}

	/** The relay's SHOPBEACON_INGEST_KEY (or its admin key); '' when not set (events are then not sent). */
	public function admin_key() {
		return $this->value( 'admin_key', '' );
	}

	/** The relay's SHOPBEACON_IDENTITY_SECRET; '' when not set (no proof is made). */
	public function identity_secret() {
		return $this->value( 'identity_secret', '' );
	}

	/** The consent modes a merchant chooses from, as the snippet's script tag takes them. */
	const CONSENT_MODES = array( 'gpc', 'required', 'none' );

	/**
	 * The mode chosen for a shop without a banner that speaks the WP Consent API (with one,
	 * Shopbeacon_Consent follows the banner instead): `gpc` (the snippet's default: Global Privacy
	 * Control counts as a refusal), `required` (nothing stored or sent before the shop's banner
	 * calls `shopbeacon('consent', true)`) or `none` (no consent step; GPC ignored).
	 */
	public function consent() {
		$mode = $this->value( 'consent', 'gpc' );
		return in_array( $mode, self::CONSENT_MODES, true ) ? $mode : 'gpc';
	}

	/**
	 * The WP Consent API's categories the shopper's consent is asked for. Not `statistics-anonymous`:
	 * the ids are no anonymous statistics, and Complianz allows that category even on a Deny.
	 */
	const CONSENT_CATEGORIES = array( 'marketing', 'statistics' );

	/** The category asked for: `marketing` unless the merchant chose `statistics`. */
	public function consent_category() {
		$category = $this->value( 'consent_category', 'marketing' );
		return in_array( $category, self::CONSENT_CATEGORIES, true ) ? $category : 'marketing';
	}

	/** The identity cookies' domain (`.shop.example`), or '' for the page's own host. */
	public function cookie_domain() {
		$domain = strtolower( $this->value( 'cookie_domain', '' ) );
		return self::is_cookie_domain( $domain ) ? $domain : '';
	}

	/** A host name with an optional leading dot, nothing else. */
	public static function is_cookie_domain( $domain ) {
		return 1 === preg_match( '/^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/', $domain );
	}
}
