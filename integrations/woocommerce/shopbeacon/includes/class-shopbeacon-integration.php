<?php
defined( 'ABSPATH' ) || exit;

/**
 * WooCommerce > Settings > Integration > shopbeacon: the relay's public path, its local address
 * and the relay's key. The key is kept as an option and never printed back into the page: its field
 * shows empty, and saving it empty keeps the key already stored.
 */
class Shopbeacon_Integration extends WC_Integration {
	public function __construct() {
		$this->id                 = 'shopbeacon';
		$this->method_title       = 'shopbeacon';
		$this->method_description = 'Cart events and product views for the personalization service, through your shopbeacon relay.';
		$this->init_form_fields();
		$this->init_settings();
		add_action( 'woocommerce_update_options_integration_' . $this->id, array( $this, 'process_admin_options' ) );
	}

	public function init_form_fields() {
		$this->form_fields = array(
			'public_path'      => array(
				'title'       => 'Relay public path',
				'type'        => 'text',
				'description' => 'Where browsers reach the relay on this shop (the nginx location), or its https:// URL.',
				'default'     => Shopbeacon_Settings::DEFAULT_PUBLIC_PATH,
			),
			'local_url'        => array(
				'title'       => 'Relay local address',
				'type'        => 'text',
				'description' => 'Where this server reaches the relay for cart events.',
				'default'     => Shopbeacon_Settings::DEFAULT_LOCAL_URL,
			),
			'admin_key'        => array(
				'title'       => 'Relay key',
				'type'        => 'password',
				'description' => 'The relay\'s SHOPBEACON_INGEST_KEY: it can only post events, so a leak opens nothing else (its SHOPBEACON_ADMIN_KEY works too). Shown empty once saved; leave it empty to keep it.',
				'default'     => '',
			),
			'identity_secret'  => array(
				'title'       => 'Identity secret',
				'type'        => 'password',
				'description' => 'The relay\'s SHOPBEACON_IDENTITY_SECRET, if it has one: the plugin then proves each logged-in customer to the relay (the _sb_idp cookie), which believes a customer id from a browser only with that proof. Shown empty once saved; leave it empty to keep it.',
				'default'     => '',
			),
			'consent'          => array(
				'title'       => 'Consent',
				'type'        => 'select',
				'description' => Shopbeacon_Consent::explained( ( new Shopbeacon_Settings() )->consent_category() ) . ' The modes: respect Global Privacy Control (the default); require consent (nothing is stored or sent before your cookie banner calls shopbeacon(\'consent\', true)); or no consent step.',
				'default'     => 'gpc',
				'options'     => array(
					'gpc'      => 'Respect Global Privacy Control',
					'required' => 'Require consent from the cookie banner',
					'none'     => 'No consent step',
				),
			),
			'consent_category' => array(
				'title'       => 'Consent category',
				'type'        => 'select',
				'description' => 'The WP Consent API category your cookie banner must grant. Marketing, the default: a personalization engine builds a profile of each shopper, which the API\'s categories put under marketing ("to create user profiles"). Statistics only if your legal advice counts this as analytics.',
				'default'     => 'marketing',
				'options'     => array(
					'marketing'  => 'Marketing',
					'statistics' => 'Statistics',
				),
			),
			'cookie_domain'    => array(
				'title'       => 'Cookie domain',
				'type'        => 'text',
				'description' => 'Share the visitor id across subdomains, e.g. .shop.example. Empty: the page\'s own host.',
				'default'     => '',
			),
		);
	}

	/** A consent mode the snippet knows, else the default. */
	public function validate_consent_field( $key, $value ) {
		$value = is_null( $value ) ? '' : trim( wp_unslash( $value ) );
		return in_array( $value, Shopbeacon_Settings::CONSENT_MODES, true ) ? $value : 'gpc';
	}

	/** A category the plugin asks the WP Consent API for, else the default. */
	public function validate_consent_category_field( $key, $value ) {
		$value = is_null( $value ) ? '' : trim( wp_unslash( $value ) );
		return in_array( $value, Shopbeacon_Settings::CONSENT_CATEGORIES, true ) ? $value : 'marketing';
	}

	/** A host name with an optional leading dot; anything else is refused with a message and not saved. */
	public function validate_cookie_domain_field( $key, $value ) {
		$value = is_null( $value ) ? '' : strtolower( trim( wp_unslash( $value ) ) );
		if ( '' === $value || Shopbeacon_Settings::is_cookie_domain( $value ) ) {
			return $value;
		}
		WC_Admin_Settings::add_error( 'Cookie domain: a host name such as .shop.example; the previous value is kept.' );
		return $this->get_option( $key );
	}

	/** The key's field, always empty: the stored key never reaches a page. */
	public function generate_password_html( $key, $data ) {
		$data['placeholder'] = '' !== $this->get_option( $key ) ? '(saved)' : '';
		$stored              = $this->settings[ $key ] ?? '';
		$this->settings[ $key ] = '';
		$html                   = $this->generate_text_html( $key, array_merge( $data, array( 'type' => 'password' ) ) );
		$this->settings[ $key ] = $stored;
		return $html;
	}

	/** An empty key field keeps the key already stored. */
	public function validate_password_field( $key, $value ) {
		$value = is_null( $value ) ? '' : trim( wp_unslash( $value ) );
		return '' === $value ? $this->get_option( $key ) : $value;
	}
}
