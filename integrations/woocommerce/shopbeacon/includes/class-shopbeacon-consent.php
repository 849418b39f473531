<?php
defined( 'ABSPATH' ) || exit;

/**
 * Whether the shopper of this request lets the plugin track them, and the mode the snippet is told.
 *
 * With the WP Consent API active, the shop's cookie banner decides, whatever mode was saved:
 * Complianz, CookieYes, Cookiebot, iubenda and others tell the API each shopper's choice, and a
 * saved mode chosen for a shop without such a banner (GPC honoured, the default) let events
 * through after a shopper's Deny. The snippet then follows the API in the browser
 * (`data-consent="wp"`), and the server asks `wp_has_consent` before each event. Without the API,
 * the saved mode stands, read by the snippet's own rule.
 */
class Shopbeacon_Consent {
	/** The mode the snippet takes as `data-consent="wp"`: the WP Consent API decides. */
	const FOLLOW_BANNER = 'wp';

	/** @var Shopbeacon_Settings */
	private $settings;

	/** @var string The plugin's basename, as the WP Consent API names plugins. */
	private $plugin;

	public function __construct( Shopbeacon_Settings $settings, $plugin ) {
		$this->settings = $settings;
		$this->plugin   = $plugin;
	}

	/** Tells the WP Consent API the plugin asks it before tracking (its Site Health lists the plugins that do not). */
	public function register() {
		add_filter( 'wp_consent_api_registered_' . $this->plugin, '__return_true' );
	}

	/** Whether the WP Consent API is loaded: it defines its functions on `plugins_loaded`, at priority 9. */
	public static function api_active() {
		return function_exists( 'wp_has_consent' );
	}

	/** `wp` with the WP Consent API, else the mode saved in the settings. */
	public function mode() {
		return self::api_active() ? self::FOLLOW_BANNER : $this->settings->consent();
	}

	/**
	 * Whether events may be sent for the shopper of this request. With the API: its answer for the
	 * settings' category (in opt-in regions only a shopper's `allow`; nothing before a choice) and no
	 * refusal the snippet remembered (`_sb_c=0`). Without it: the snippet's rule
	 * (snippet/consent.ts: a remembered `_sb_c` wins, then Global Privacy Control, then whether
	 * consent is required).
	 *
	 * @param array $cookies As `$_COOKIE`.
	 * @param array $server  As `$_SERVER` (its `HTTP_SEC_GPC`).
	 */
	public function given( array $cookies, array $server ) {
		$remembered = isset( $cookies['_sb_c'] ) && is_string( $cookies['_sb_c'] ) ? $cookies['_sb_c'] : '';
		if ( self::api_active() ) {
			return '0' !== $remembered && (bool) wp_has_consent( $this->settings->consent_category(), $this->plugin );
		}
		$mode = $this->settings->consent();
		$gpc  = 'gpc' === $mode && isset( $server['HTTP_SEC_GPC'] ) && is_string( $server['HTTP_SEC_GPC'] ) && '1' === trim( $server['HTTP_SEC_GPC'] );
		return '1' === $remembered || ( '0' !== $remembered && ! $gpc && 'required' !== $mode );
	}

	/**
	 * Why the mode in force is in force, for the settings screen. With the API but no consent type
	 * (no banner has set one), the API grants every category: said, since every shopper is then tracked.
	 *
	 * @param string $category Shopbeacon_Settings::consent_category().
	 */
	public static function explained( $category ) {
		if ( ! self::api_active() ) {
			return 'In force: the mode chosen here, since the WP Consent API is not active. With the WP Consent API plugin and a cookie banner that speaks it (Complianz, CookieYes, Cookiebot, iubenda and others), the banner decides instead, with no code.';
		}
		$text = sprintf( 'In force: your cookie banner, through the WP Consent API: events are sent only for a shopper it grants the "%s" category, and nothing after a Deny. The mode chosen here applies only without the API.', $category );
		if ( function_exists( 'wp_get_consent_type' ) && '' === (string) wp_get_consent_type() ) {
			$text .= ' No cookie banner has set the API\'s consent type yet: until one does, the API grants every category, and every shopper is tracked.';
		}
		return $text;
	}
}
