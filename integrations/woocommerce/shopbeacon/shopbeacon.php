<?php
/**
 * Plugin Name:          shopbeacon
 * Plugin URI:           https://github.com/shopbeacon/shopbeacon
 * Description:          Sends the shopper's journey (product views, cart changes, a started checkout, the placed order) to a shopbeacon relay, which feeds it to the personalization service. Orders and products go by the relay's webhooks and sync.
 * Version:              0.6.0
 * Requires at least:    6.0
 * Requires PHP:         7.4
 * Requires Plugins:     woocommerce
 * WC requires at least: 7.0
 * WC tested up to:      11.0.1
 * Author:               shopbeacon
 * License:              MIT
 * Text Domain:          shopbeacon
 */

defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/includes/class-shopbeacon-settings.php';
require_once __DIR__ . '/includes/class-shopbeacon-consent.php';
require_once __DIR__ . '/includes/class-shopbeacon-visitor.php';
require_once __DIR__ . '/includes/class-shopbeacon-signed-visitor-ids.php';
require_once __DIR__ . '/includes/class-shopbeacon-translations.php';
require_once __DIR__ . '/includes/class-shopbeacon-product-fields.php';
require_once __DIR__ . '/includes/class-shopbeacon-relay-client.php';
require_once __DIR__ . '/includes/class-shopbeacon-retry-rescue.php';
require_once __DIR__ . '/includes/class-shopbeacon-tracker.php';
require_once __DIR__ . '/includes/class-shopbeacon-storefront.php';
require_once __DIR__ . '/includes/class-shopbeacon-identity-proof.php';
require_once __DIR__ . '/includes/class-shopbeacon-cart-events.php';
require_once __DIR__ . '/includes/class-shopbeacon-checkout-events.php';
require_once __DIR__ . '/includes/class-shopbeacon-listing.php';
require_once __DIR__ . '/includes/class-shopbeacon-listing-events.php';
require_once __DIR__ . '/includes/class-shopbeacon-recommendation-lists.php';
require_once __DIR__ . '/includes/class-shopbeacon-attribution.php';
require_once __DIR__ . '/includes/class-shopbeacon-rest-price.php';
require_once __DIR__ . '/includes/class-shopbeacon-rest-product-id.php';

// WooCommerce warns on every admin page, and refuses to switch a shop to HPOS, while an active
// plugin has not declared it works with the order tables; the same for the cart and checkout blocks.
// The plugin reads orders only through WC_Order, so both storages and both checkouts are the same to it.
add_action(
	'before_woocommerce_init',
	static function () {
		if ( class_exists( '\Automattic\WooCommerce\Utilities\FeaturesUtil' ) ) {
			\Automattic\WooCommerce\Utilities\FeaturesUtil::declare_compatibility( 'custom_order_tables', __FILE__, true );
			\Automattic\WooCommerce\Utilities\FeaturesUtil::declare_compatibility( 'cart_checkout_blocks', __FILE__, true );
		}
	}
);

// The settings page needs WooCommerce's WC_Integration, which exists once plugins are loaded.
add_action(
	'plugins_loaded',
	static function () {
		if ( ! class_exists( 'WC_Integration' ) ) {
			return;
		}
		require_once __DIR__ . '/includes/class-shopbeacon-integration.php';
		add_filter(
			'woocommerce_integrations',
			static function ( $integrations ) {
				$integrations[] = 'Shopbeacon_Integration';
				return $integrations;
			}
		);
	}
);

$shopbeacon_settings = new Shopbeacon_Settings();
$shopbeacon_consent  = new Shopbeacon_Consent( $shopbeacon_settings, plugin_basename( __FILE__ ) );
$shopbeacon_consent->register();
( new Shopbeacon_Storefront( $shopbeacon_settings, $shopbeacon_consent ) )->register();
( new Shopbeacon_Identity_Proof( $shopbeacon_settings, $shopbeacon_consent ) )->register();
$shopbeacon_client = new Shopbeacon_Relay_Client( $shopbeacon_settings );
$shopbeacon_client->register();
$shopbeacon_rescue = new Shopbeacon_Retry_Rescue( '0.6.0' );
$shopbeacon_rescue->register();
register_activation_hook( __FILE__, array( $shopbeacon_rescue, 'queue_failed_again' ) );
$shopbeacon_tracker = new Shopbeacon_Tracker( $shopbeacon_settings, $shopbeacon_client, $shopbeacon_consent );
( new Shopbeacon_Cart_Events( $shopbeacon_tracker ) )->register();
( new Shopbeacon_Checkout_Events( $shopbeacon_tracker ) )->register();
( new Shopbeacon_Listing_Events( $shopbeacon_tracker ) )->register();
( new Shopbeacon_Recommendation_Lists() )->register();
( new Shopbeacon_Attribution() )->register();
( new Shopbeacon_Rest_Price() )->register();
( new Shopbeacon_Rest_Product_Id() )->register();
