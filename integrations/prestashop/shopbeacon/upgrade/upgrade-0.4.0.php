<?php
/**
 * shopbeacon for PrestaShop: 0.3.0 to 0.4.0.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * PrestaShop runs this when a merchant uploads 0.4.0 over 0.3.0: the listing's hooks
 * (`filterProductSearch`, `displayBeforeBodyClosingTag`) are new. registerHooksOnUpgrade, not
 * registerHook: PrestaShop 9's Module Manager hands this script an instance without its id, for
 * which registerHook registers nothing.
 *
 * @param shopbeacon $module
 *
 * @return bool
 */
function upgrade_module_0_4_0($module)
{
    return $module->registerHooksOnUpgrade();
}
