<?php
defined( 'ABSPATH' ) || exit;

/**
 * The shop's proof of its logged-in customer, for a relay that believes customer ids only with
 * it (SHOPBEACON_IDENTITY_SECRET): the hex HMAC-SHA256 of the WordPress user id under that secret,
 * in the first-party cookie `_sb_idp` the relay reads on `/collect`. HttpOnly, as long-lived as the
 * snippet's own `_sb_uid`, set at login and on every page rendered for the customer, with their
 * consent (Shopbeacon_Consent), as the snippet's own events are. At logout it
 * is kept a day more, not deleted: the snippet replays events it could not send yet with the ids
 * they were captured with (for up to a day), and those are the customer's own.
 */
class Shopbeacon_Identity_Proof {
	const COOKIE = '_sb_idp';

	/** As long as the snippet remembers an identified visitor (`_sb_uid`: 400 days). */
	const LIFETIME = 400 * DAY_IN_SECONDS;

	/** After a logout: as long as the snippet keeps an event it could not send (24 hours). */
	const AFTER_LOGOUT = DAY_IN_SECONDS;

	/** @var Shopbeacon_Settings */
	private $settings;

	/** @var Shopbeacon_Consent */
	private $consent;

	public function __construct( Shopbeacon_Settings $settings, Shopbeacon_Consent $consent ) {
		$this->settings = $settings;
		$this->consent  = $consent;
	}

	public function register() {
		add_action( 'send_headers', array( $this, 'for_this_page' ) );
		add_action( 'wp_login', array( $this, 'for_login' ), 10, 2 );
		add_action( 'wp_logout', array( $this, 'run_out' ) );
		add_filter( 'woocommerce_set_cookie_options', array( $this, 'cookie_options' ), 10, 2 );
	}

	/** The page's customer proven; the first page after a logout (the snippet still identified) lets the proof run out. */
	public function for_this_page() {
		if ( '' === $this->settings->identity_secret() ) {
			return;
		}
		if ( is_user_logged_in() ) {
			$this->prove( get_current_user_id() );
		} elseif ( Shopbeacon_Visitor::is_identified( $_COOKIE ) ) { // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- validated against the id patterns.
			$this->run_out();
		}
	}

	/** At login the response that logs the customer in carries the proof, before any page. */
	public function for_login( $user_login, $user ) {
		if ( '' !== $this->settings->identity_secret() && isset( $user->ID ) ) {
			$this->prove( (int) $user->ID );
		}
	}

	/** The proof, if the browser holds one, kept one day more: long enough for the customer's own events still queued. */
	public function run_out() {
		if ( isset( $_COOKIE[ self::COOKIE ] ) && is_string( $_COOKIE[ self::COOKIE ] ) && 1 === preg_match( '/^[0-9a-f]{64}$/', $_COOKIE[ self::COOKIE ] ) ) {
			wc_setcookie( self::COOKIE, $_COOKIE[ self::COOKIE ], time() + self::AFTER_LOGOUT, is_ssl(), true ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- validated against the pattern.
		}
	}

	/**
	 * wc_setcookie's options for the proof: on every path (the relay's `/sb/` is not WordPress's
	 * COOKIEPATH when the site is in a folder), the settings' cookie domain, SameSite=Lax.
	 */
	public function cookie_options( $options, $name ) {
		if ( self::COOKIE !== $name ) {
			return $options;
		}
		$options['path']     = '/';
		$options['samesite'] = 'Lax';
		if ( '' !== $this->settings->cookie_domain() ) {
			$options['domain'] = $this->settings->cookie_domain();
		}
		return $options;
	}

	/** Only with the shopper's consent: the proof serves tracking alone; a shopper who consents later is proven on their next page. */
	private function prove( $user_id ) {
		if ( ! $this->consent->given( $_COOKIE, $_SERVER ) ) { // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- only compared.
			return;
		}
		$proof = hash_hmac( 'sha256', (string) $user_id, $this->settings->identity_secret() );
		$held  = isset( $_COOKIE[ self::COOKIE ] ) ? sanitize_text_field( wp_unslash( $_COOKIE[ self::COOKIE ] ) ) : '';
		if ( ! hash_equals( $proof, $held ) ) {
			wc_setcookie( self::COOKIE, $proof, time() + self::LIFETIME, is_ssl(), true );
			$_COOKIE[ self::COOKIE ] = $proof;
		}
	}
}
