/** Where an admin lands after login (apart from the admin menu: the login route, in every first load, uses it). */
export const ADMIN_HOME = '/admin';
