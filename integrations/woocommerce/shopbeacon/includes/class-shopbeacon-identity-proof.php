<?php
defined( 'ABSPATH' ) || exit;

/**
 * The shop's proof of its logged-in customer, for a relay that believes customer ids only with
 * it (SHOPBEACON_IDENTITY_SECRET): the hex HMAC-SHA256 of the WordPress user id under that secret,
 * in the first-party cookie `_sb_idp` the relay reads on `/collect`. HttpOnly, as long-lived as the
 * snippet's own `_sb_uid`: set at login and on every page rendered for the customer, deleted at
 * logout and on a page rendered for nobody. Without the secret in the settings it does nothing.
 */
class Shopbeacon_Identity_Proof {
	const COOKIE = '_sb_idp';

	/** As long as the snippet remembers an identified visitor (`_sb_uid`: 400 days). */
	const LIFETIME = 400 * DAY_IN_SECONDS;

	/** @var Shopbeacon_Settings */
	private $settings;

	public function __construct( Shopbeacon_Settings $settings ) {
		$this->settings = $settings;
	}

	public function register() {
		add_action( 'send_headers', array( $this, 'for_this_page' ) );
		add_action( 'wp_login', array( $this, 'for_login' ), 10, 2 );
		add_action( 'wp_logout', array( $this, 'forget' ) );
		add_filter( 'woocommerce_set_cookie_options', array( $this, 'cookie_options' ), 10, 2 );
	}

	/** The page's customer proven, or a proof left by one who is no longer logged in deleted. */
	public function for_this_page() {
		if ( '' === $this->settings->identity_secret() ) {
			return;
		}
		if ( is_user_logged_in() ) {
			$this->prove( get_current_user_id() );
		} else {
			$this->forget();
		}
	}

	/** At login the response that logs the customer in carries the proof, before any page. */
	public function for_login( $user_login, $user ) {
		if ( '' !== $this->settings->identity_secret() && isset( $user->ID ) ) {
			$this->prove( (int) $user->ID );
		}
	}

	public function forget() {
		if ( isset( $_COOKIE[ self::COOKIE ] ) ) {
			wc_setcookie( self::COOKIE, '', 1, is_ssl(), true );
			unset( $_COOKIE[ self::COOKIE ] );
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

	private function prove( $user_id ) {
		$proof = hash_hmac( 'sha256', (string) $user_id, $this->settings->identity_secret() );
		$held  = isset( $_COOKIE[ self::COOKIE ] ) ? sanitize_text_field( wp_unslash( $_COOKIE[ self::COOKIE ] ) ) : '';
		if ( ! hash_equals( $proof, $held ) ) {
			wc_setcookie( self::COOKIE, $proof, time() + self::LIFETIME, is_ssl(), true );
			$_COOKIE[ self::COOKIE ] = $proof;
		}
	}
}
