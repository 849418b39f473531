<?php
/** The WP Consent API's functions, defined once it has loaded (see wp-consent-api.php). */

const SB_CONSENT_CATEGORIES = array( 'functional', 'preferences', 'statistics', 'statistics-anonymous', 'marketing' );

function wp_get_consent_type() {
	return apply_filters( 'wp_get_consent_type', '' );
}

function wp_has_consent( $category, $requested_by = null ) {
	$category = in_array( $category, SB_CONSENT_CATEGORIES, true ) ? $category : 'functional';
	$type     = wp_get_consent_type();
	$answer   = isset( $_COOKIE[ 'wp_consent_' . $category ] ) ? $_COOKIE[ 'wp_consent_' . $category ] : null;
	$granted  = ! $type || ( false !== strpos( $type, 'optout' ) && null === $answer ) || 'allow' === $answer;
	$GLOBALS['sb_consent_asked'][] = array( $category, $requested_by );
	return apply_filters( 'wp_has_consent', $granted, $category, $requested_by );
}

function consent_api_registered( $plugin ) {
	return apply_filters( "wp_consent_api_registered_{$plugin}", false );
}
