<?php
/**
 * WordPress runs this when the plugin is deleted: its settings (the relay's key and the identity
 * secret among them, kept in clear), its flags and its retries waiting in Action Scheduler (each
 * holding a shopper's address and User-Agent) go with it.
 *
 * @package shopbeacon
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'woocommerce_shopbeacon_settings' );
delete_option( 'shopbeacon_rescued_for' );
delete_transient( 'shopbeacon_relay_down' );
if ( function_exists( 'as_unschedule_all_actions' ) ) {
	as_unschedule_all_actions( 'shopbeacon_send_events', array(), 'shopbeacon' );
}
