<?php
/**
 * Plugin Name:          shopbeacon
 * Plugin URI:           https://github.com/shopbeacon/shopbeacon
 * Description:          Sends the storefront's cart events and product views to a shopbeacon relay, which feeds them to the personalization service. Orders and products go by the relay's webhooks and sync.
 * Version:              0.2.0
 * Requires at least:    6.0
 * Requires PHP:         7.4
 * Requires Plugins:     woocommerce
 * WC requires at least: 7.0
 * WC tested up to:      9.4
 * Author:               shopbeacon
 * License:              MIT
 * Text Domain:          shopbeacon
 */

defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/includes/class-shopbeacon-settings.php';
require_once __DIR__ . '/includes/class-shopbeacon-visitor.php';
require_once __DIR__ . '/includes/class-shopbeacon-product-fields.php';
require_once __DIR__ . '/includes/class-shopbeacon-relay-client.php';
require_once __DIR__ . '/includes/class-shopbeacon-storefront.php';
require_once __DIR__ . '/includes/class-shopbeacon-cart-events.php';
require_once __DIR__ . '/includes/class-shopbeacon-rest-price.php';

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
( new Shopbeacon_Storefront( $shopbeacon_settings ) )->register();
$shopbeacon_client = new Shopbeacon_Relay_Client( $shopbeacon_settings );
$shopbeacon_client->register();
( new Shopbeacon_Cart_Events( $shopbeacon_settings, $shopbeacon_client ) )->register();
( new Shopbeacon_Rest_Price() )->register();
