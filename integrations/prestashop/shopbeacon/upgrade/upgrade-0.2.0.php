<?php
/**
 * shopbeacon for PrestaShop: 0.1.0 to 0.2.0.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * PrestaShop runs this when a merchant uploads 0.2.0 over 0.1.0: the placed order's hook is new.
 * registerHooksOnUpgrade, not registerHook: PrestaShop 9's Module Manager hands this script an
 * instance without its id, for which registerHook registers nothing.
 *
 * @param shopbeacon $module
 *
 * @return bool
 */
function upgrade_module_0_2_0($module)
{
    return $module->registerHooksOnUpgrade();
}
