<?php
/**
 * The WP Consent API plugin (WordPress/wp-consent-level-api 2.0.1) as far as a tracking plugin
 * meets it, behaving as its own code does:
 *
 * - wp-consent-api.php: its functions exist only once `WP_Consent_API::init` ran, on
 *   `plugins_loaded` at priority 9, so a plugin loaded before it sees none at load time;
 * - inc/api-functions.php `wp_has_consent( $category, $requested_by )`: no consent type (no banner
 *   set one through the `wp_get_consent_type` filter) grants every category; `optout` grants a
 *   category the visitor has not answered; otherwise only the cookie `wp_consent_<category>` equal
 *   to `allow` grants it; the answer then passes the `wp_has_consent` filter. A category the API
 *   does not know is read as `functional`;
 * - `consent_api_registered( $plugin )`: the filter `wp_consent_api_registered_<plugin basename>`,
 *   false unless a plugin says otherwise (its Site Health check lists those that do not).
 *
 * `$consent_type` is what the shop's banner tells the API (Complianz 7.2 in its EU region: `optin`).
 */
function sb_consent_api_stand_in( $consent_type ) {
	add_filter(
		'wp_get_consent_type',
		static function () use ( $consent_type ) {
			return $consent_type;
		}
	);
	add_action(
		'plugins_loaded',
		static function () {
			require_once __DIR__ . '/wp-consent-api-functions.php';
		},
		9
	);
}
