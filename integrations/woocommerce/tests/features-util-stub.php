<?php
/** WooCommerce's feature registry, in its own namespace: what the plugin declares is kept for the test to read. */
namespace Automattic\WooCommerce\Utilities;

class FeaturesUtil {
	public static function declare_compatibility( $feature_id, $plugin_file, $positive_compatibility = true ) {
		$GLOBALS['sb_features'][ $feature_id ] = array( 'file' => basename( $plugin_file ), 'compatible' => $positive_compatibility );
		return true;
	}
}

