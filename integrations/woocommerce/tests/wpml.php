<?php
/**
 * WPML's filters as a shop with products in two languages answers them: `wpml_default_language`,
 * and `wpml_object_id` (the element's id in a language; the id itself, asked to return the
 * original, when it has no translation there), from the translation groups WPML keeps by `trid`.
 *
 * @param array $setup `default` (the default language's code) and `groups` (lang => id, posts and terms alike).
 */
function sb_wpml_stand_in( array $setup ) {
	add_filter(
		'wpml_default_language',
		static function () use ( $setup ) {
			return $setup['default'];
		}
	);
	add_filter(
		'wpml_object_id',
		static function ( $id, $type, $return_original = false, $lang = null ) use ( $setup ) {
			foreach ( $setup['groups'] as $group ) {
				if ( in_array( (int) $id, array_map( 'intval', $group ), true ) && isset( $group[ $lang ] ) ) {
					return (int) $group[ $lang ];
				}
			}
			return $return_original ? $id : null;
		},
		10,
		4
	);
}
