<?php
defined( 'ABSPATH' ) || exit;

/**
 * The visitor's ids from the snippet's cookies, by the rules of the relay's `readVisitorIds`
 * (relay/client/visitor-ids.ts): `_sb_uid` is an anonymous id or `~` and a customer id;
 * `_sb_sid` is an id, or `id.start.last` as older snippets wrote it. Anything else is ignored.
 */
class Shopbeacon_Visitor {
	/** snippet/protocol.ts ID_PATTERN. */
	const ID_PATTERN = '/^[\w-]{8,64}$/';

	/** snippet/protocol.ts USER_COOKIE_PATTERN: an anonymous id, or `~` and 1 to 128 cookie-octets. */
	const USER_COOKIE_PATTERN = '/^(~[!#-+\--:<-\[\]-~]{1,128}|[\w-]{8,64})$/';

	/** The cookie the relay sets on a browser it judged automated (relay/collect/collect-route.ts). */
	const BOT_COOKIE = '_sb_bot';

	/**
	 * `array( 'user_id' => ..., 'session_id' => ... )`, or null while the visitor has no id yet
	 * (the first page's script has not run, or consent was refused): none is invented.
	 *
	 * @param array $cookies As `$_COOKIE`.
	 */
	public static function ids( array $cookies ) {
		$user = isset( $cookies['_sb_uid'] ) && is_string( $cookies['_sb_uid'] ) ? $cookies['_sb_uid'] : '';
		if ( 1 !== preg_match( self::USER_COOKIE_PATTERN, $user ) ) {
			return null;
		}
		$ids     = array( 'user_id' => '~' === $user[0] ? substr( $user, 1 ) : $user );
		$session = isset( $cookies['_sb_sid'] ) && is_string( $cookies['_sb_sid'] ) ? explode( '.', $cookies['_sb_sid'] )[0] : '';
		if ( 1 === preg_match( self::ID_PATTERN, $session ) ) {
			$ids['session_id'] = $session;
		}
		return $ids;
	}

	/**
	 * The ids of a visitor the server may send events for, else null: with their consent
	 * (Shopbeacon_Consent::given), and never for a browser the relay judged automated.
	 *
	 * @param array $cookies   As `$_COOKIE`.
	 * @param bool  $consented Shopbeacon_Consent::given().
	 */
	public static function tracked( array $cookies, $consented ) {
		return $consented && ! isset( $cookies[ self::BOT_COOKIE ] ) ? self::ids( $cookies ) : null;
	}

	/** Whether `_sb_uid` holds an identified customer (`~` and an id). */
	public static function is_identified( array $cookies ) {
		$ids = self::ids( $cookies );
		return null !== $ids && '~' === $cookies['_sb_uid'][0];
	}
}
