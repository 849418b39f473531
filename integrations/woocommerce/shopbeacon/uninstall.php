<?php
/**
 * WordPress runs this when the plugin is deleted: its settings (the relay's key and the identity
 * secret among them, kept in clear), its flags and its retries waiting in Action Scheduler (each
 * holding a shopper's address and User-Agent) go with it. On a multisite network WordPress runs it
 * once, in the main site, while each site keeps its own options and Action Scheduler tables: every
 * site's are deleted.
 *
 * @package shopbeacon
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

/** The plugin's options, flag and retries of the current site. */
function shopbeacon_forget_site() {
	// Only a site where the plugin was set up ran WooCommerce's Action Scheduler for it.
	$configured = false !== get_option( 'woocommerce_shopbeacon_settings' );
	delete_option( 'woocommerce_shopbeacon_settings' );
	delete_option( 'shopbeacon_rescued_for' );
	delete_transient( 'shopbeacon_relay_down' );
	if ( $configured && function_exists( 'as_unschedule_all_actions' ) ) {
		as_unschedule_all_actions( 'shopbeacon_send_events', array(), 'shopbeacon' );
	}
}

if ( is_multisite() ) {
	foreach ( get_sites( array( 'fields' => 'ids', 'number' => 0 ) ) as $shopbeacon_site ) {
		switch_to_blog( $shopbeacon_site );
		shopbeacon_forget_site();
		restore_current_blog();
	}
} else {
	shopbeacon_forget_site();
}
